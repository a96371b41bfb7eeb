# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_region_under_split_guard.trace
sch.parallel(sch.get_loops("B")[0])
sch.split(sch.get_loops("B")[0], factors=[None, 5, 4])
sch.cache_write("B", 0, "global")
