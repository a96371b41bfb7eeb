# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_outer_predicate.trace
i, j = sch.get_loops("C")
io, ii = sch.split(i, factors=[None, 16])
sch.reorder(ii, j)
sch.blockize(j)
