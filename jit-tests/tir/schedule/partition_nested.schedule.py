# A schedule as a TVM user writes it (generate.py); TVM's trace of it: partition_nested.trace
i, j, k = sch.get_loops("B")
sch.loop_partition(i, factors=[2, 1, 64])
i, j, k = sch.get_loops("B_i0")
loops = sch.loop_partition(j, factors=[4, 32])
