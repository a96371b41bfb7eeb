# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_compute_at_reduction.trace
i, j = sch.get_loops(sch.get_sblock("D"))
sch.compute_at(sch.get_sblock("C"), j)
