# A schedule as a TVM user writes it (generate.py); TVM's trace of it: partition_inferred_factor.trace
i, j, k = sch.get_loops("B")
sch.loop_partition(i, factors=[None, 1, 64])
i, j, k = sch.get_loops("B_i1")
sch.loop_partition(k, factors=[1, 64, None])
