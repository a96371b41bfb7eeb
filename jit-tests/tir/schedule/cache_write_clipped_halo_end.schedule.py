# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_clipped_halo_end.trace
sch.compute_at("cache", sch.get_loops("compute")[1])
sch.cache_write("cache", 0, "global")
