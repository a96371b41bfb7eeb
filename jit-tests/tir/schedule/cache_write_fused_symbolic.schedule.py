# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_fused_symbolic.trace
sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1])
sch.cache_write("B", 0, "global")
