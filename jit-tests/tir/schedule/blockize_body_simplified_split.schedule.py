# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_body_simplified_split.trace
l = sch.split(sch.get_loops("B")[0], [None, 8])
sch.blockize(l[1])
