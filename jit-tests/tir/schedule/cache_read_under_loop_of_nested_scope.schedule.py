# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_under_loop_of_nested_scope.trace
sch.cache_read("C", 0, "global")
sch.compute_at("B", sch.get_loops("B_global")[1])
