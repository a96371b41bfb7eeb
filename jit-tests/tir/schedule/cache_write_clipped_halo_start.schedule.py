# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_clipped_halo_start.trace
sch.compute_at("cache", sch.get_loops("compute")[0])
sch.cache_write("cache", 0, "local")
