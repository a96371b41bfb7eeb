# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_split_predicated.trace
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b, c = sch.split(i, factors=[None, 3, 4])
d, e = sch.split(b, factors=[None, 2])
sch.reorder(e, d, a)
