# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_clipped_halo.trace
sch.split(sch.get_loops("cache")[0], factors=[None, 112])
sch.compute_at("cache", sch.get_loops("compute")[1])
sch.cache_write("cache", 0, "global")
