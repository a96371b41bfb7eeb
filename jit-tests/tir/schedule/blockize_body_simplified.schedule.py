# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_body_simplified.trace
sch.blockize(sch.get_loops("B")[0])
