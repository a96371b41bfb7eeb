# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_symbolic_split_guard.trace
sch.split(sch.get_loops("B")[2], factors=[3, None])
sch.vectorize(sch.get_loops("B")[1])
sch.blockize(sch.get_loops("B")[0])
sch.unroll(sch.get_loops("B")[1])
sch.reorder(sch.get_loops("B")[3], sch.get_loops("B")[0], sch.get_loops("B")[2], sch.get_loops("B")[1])
