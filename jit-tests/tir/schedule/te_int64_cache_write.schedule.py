# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_cache_write.trace
sch.cache_write(sch.get_sblock("C"), 0, "local")