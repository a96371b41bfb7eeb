# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_symbolic_then_split.trace
sch.blockize(sch.get_loops("B")[2])
sch.split(sch.get_loops("B")[0], factors=[None, 16, 4])
