# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_keeps_likely.trace
sch.blockize(sch.get_loops("compute")[0])
