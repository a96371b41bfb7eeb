# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_dependent_loop_binding_raw.trace
sch.split(sch.get_loops("B")[1], factors=[None, 32, 2])