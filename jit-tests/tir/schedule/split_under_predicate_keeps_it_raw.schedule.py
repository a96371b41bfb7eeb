# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_under_predicate_keeps_it_raw.trace
sch.split(sch.get_loops("C")[2], factors=[7, None])
sch.split(sch.get_loops("C")[2], factors=[None, 16, 4])
sch.split(sch.get_loops("B")[1], factors=[None, 16])
sch.split(sch.get_loops("C")[0], factors=[None, 8])
