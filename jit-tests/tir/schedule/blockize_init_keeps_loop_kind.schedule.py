# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_init_keeps_loop_kind.trace
sch.blockize(sch.get_loops("B")[1])