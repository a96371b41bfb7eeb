# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_int32_loops_int64_buffer.trace
sch.cache_write("B", 0, "global")
