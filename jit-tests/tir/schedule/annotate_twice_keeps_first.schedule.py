# A schedule as a TVM user writes it (generate.py); TVM's trace of it: annotate_twice_keeps_first.trace
sch.annotate(sch.get_loops("ext_call")[0], "pragma_auto_unroll_max_step", 16)
sch.annotate(sch.get_loops("ext_call")[0], "pragma_auto_unroll_max_step", 64)
sch.annotate(sch.get_sblock("ext_call"), "k", 1)
sch.annotate(sch.get_sblock("ext_call"), "k", 2)
sch.unannotate(sch.get_sblock("ext_call"), "k")
sch.annotate(sch.get_sblock("ext_call"), "k", 3)
