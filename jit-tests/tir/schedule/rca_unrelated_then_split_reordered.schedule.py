# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_unrelated_then_split_reordered.trace
sch.reverse_compute_at("A", sch.get_loops("B")[0])
sch.split(sch.get_loops("B")[0], factors=[None, 4])
sch.split(sch.get_loops("A")[0], factors=[3, None])
sch.reorder(sch.get_loops("B")[1], sch.get_loops("B")[2], sch.get_loops("B")[0])
