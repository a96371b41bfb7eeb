# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_fused_split_reordered.trace
i, j = sch.get_loops(sch.get_sblock("C"))
f = sch.fuse(i, j)
a, b = sch.split(f, factors=[None, 8])
c, d = sch.split(a, factors=[None, 3])
sch.reorder(d, c)
