# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_fused_parallel.trace
i, j, k = sch.get_loops(sch.get_sblock("C"))
f = sch.fuse(i, j)
fo, fi = sch.split(f, factors=[None, 32])
sch.parallel(fo)
