# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_outer_predicate_decomposed.trace
i, j, k = sch.get_loops("C")
io, ii = sch.split(i, factors=[None, 16])
sch.blockize(j)
sch.decompose_reduction("C_o", sch.get_loops("C_o")[0])
