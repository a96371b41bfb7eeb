# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_partial_region.trace
sch.cache_write("B", 0, "global")
sch.vectorize(sch.get_loops("B_global")[0])
