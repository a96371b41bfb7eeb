# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_partial_region.trace
sch.blockize(sch.get_loops("BB")[0])
sch.split(sch.get_loops("BB")[0], factors=[None, 16, 4])
sch.split(sch.get_loops("B")[0], factors=[None, 2])
sch.cache_read("BB_o", 0, "global")
