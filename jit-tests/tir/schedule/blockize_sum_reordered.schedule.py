# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_sum_reordered.trace
sch.unroll(sch.get_loops("A")[0])
sch.reverse_compute_inline("B")
sch.reorder(sch.get_loops("A")[1], sch.get_loops("A")[0])
sch.blockize(sch.get_loops("A")[0])
sch.cache_read("A_o", 0, "local")
