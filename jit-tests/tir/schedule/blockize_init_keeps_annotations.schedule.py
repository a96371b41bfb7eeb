# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_init_keeps_annotations.trace
sch.annotate(sch.get_loops("B")[1], "pragma_auto_unroll_max_step", 16)
sch.unroll(sch.get_loops("B")[1])
sch.blockize(sch.get_loops("B")[1])
