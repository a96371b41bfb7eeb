# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_split_symbolic_inner.trace
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[4, None])
c, d = sch.split(b, factors=[None, 16])
sch.reorder(d, a, c)
