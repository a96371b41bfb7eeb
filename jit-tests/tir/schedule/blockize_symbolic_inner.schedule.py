# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_symbolic_inner.trace
sch.split(sch.get_loops("B")[0], factors=[None, 32])
sch.blockize(sch.get_loops("B")[3])
