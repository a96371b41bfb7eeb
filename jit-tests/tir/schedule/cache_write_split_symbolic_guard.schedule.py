# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_split_symbolic_guard.trace
sch.cache_write("D", 0, "local")
sch.split(sch.get_loops("B")[0], factors=[16, None])
sch.cache_write("B", 0, "global")
