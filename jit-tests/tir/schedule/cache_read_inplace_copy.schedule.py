# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_inplace_copy.trace
b = sch.get_sblock("copy_in")
sch.cache_read(b, 0, "local", [b])
