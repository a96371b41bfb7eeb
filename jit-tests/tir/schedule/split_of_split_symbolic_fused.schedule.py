# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_split_symbolic_fused.trace
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[None, 16])
c, d = sch.split(a, factors=[None, 4])
f = sch.fuse(c, d)
sch.parallel(f)
sch.vectorize(b)
