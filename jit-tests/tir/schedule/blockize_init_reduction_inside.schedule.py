# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_init_reduction_inside.trace
sch.blockize(sch.get_loops("outer")[0])
