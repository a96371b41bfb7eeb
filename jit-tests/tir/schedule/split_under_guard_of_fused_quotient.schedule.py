# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_under_guard_of_fused_quotient.trace
sch.fuse(sch.get_loops("C")[0], sch.get_loops("C")[1])
sch.split(sch.get_loops("C")[0], factors=[None, 2])
sch.reindex("D", ("read", 0))
sch.split(sch.get_loops("C")[1], factors=[2, None])
