# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_partial_region_offset.trace
sch.cache_read("B", 0, "local")