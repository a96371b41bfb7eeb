# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_split_exact_after_predicated.trace
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[None, 8])
c, d = sch.split(a, factors=[None, 13])
sch.reorder(d, c, b)
