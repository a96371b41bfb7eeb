# A schedule as a TVM user writes it (generate.py); TVM's trace of it: python_lists.trace
loops = sch.get_loops("C")
i, j = loops[:2]
k = loops[-1]
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(loops[0], jo, k, ji)
sch.vectorize(sch.get_loops(sch.get_sblock("C"))[-1])
sch.parallel(loops[0])
l = sch.get_loops(sch.get_sblock("C"))
sch.split(l[2], factors=sch.sample_perfect_tile(l[2], n=2, decision=[8, 16]))
