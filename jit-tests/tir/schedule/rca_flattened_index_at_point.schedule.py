# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_flattened_index_at_point.trace
sch.reverse_compute_at("C", sch.get_loops("B")[0])
sch.split(sch.get_loops("C")[0], factors=[None, 7, 2])
sch.reorder(sch.get_loops("C")[1], sch.get_loops("C")[2])
