# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_before_alloc_statement.trace
sch.cache_read("B", 0, "global")
sch.vectorize(sch.get_loops("B")[0])
sch.cache_write("C", 0, "global")
sch.parallel(sch.get_loops("A_global")[1])
