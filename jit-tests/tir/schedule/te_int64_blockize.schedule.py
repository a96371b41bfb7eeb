# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_blockize.trace
i, j, k = sch.get_loops(sch.get_sblock("C"))
sch.blockize(k)
