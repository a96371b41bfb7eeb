# A schedule as a TVM user writes it (generate.py); TVM's trace of it: partition_regions.trace
_, j = sch.get_loops("A")
sch.loop_partition(j, factors=[None, 4])
_, j = sch.get_loops("B")
sch.loop_partition(j, factors=[None, 4])
