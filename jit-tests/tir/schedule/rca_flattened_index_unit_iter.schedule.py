# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_flattened_index_unit_iter.trace
sch.reverse_compute_at("C", sch.get_loops("B")[1])
sch.split(sch.get_loops("C")[0], factors=[8, None])
sch.unroll(sch.get_loops("C")[2])
