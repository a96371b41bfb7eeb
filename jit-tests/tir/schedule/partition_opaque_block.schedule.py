# A schedule as a TVM user writes it (generate.py); TVM's trace of it: partition_opaque_block.trace
i, _, _ = sch.get_loops("opaque")
sch.loop_partition(i, factors=[None, 16])
