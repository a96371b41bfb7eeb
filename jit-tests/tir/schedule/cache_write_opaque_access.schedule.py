# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_opaque_access.trace
sch.cache_write(sch.get_sblock("load_store"), 0, "global")
sch.cache_write(sch.get_sblock("opaque"), 0, "global")
sch.cache_write(sch.get_sblock("match_buffer"), 0, "global")
