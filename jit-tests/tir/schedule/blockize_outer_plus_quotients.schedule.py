# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_outer_plus_quotients.trace
sch.blockize(sch.get_loops("A")[3])
