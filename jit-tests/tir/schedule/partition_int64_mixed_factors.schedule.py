# A schedule as a TVM user writes it (generate.py); TVM's trace of it: partition_int64_mixed_factors.trace
from tvm.script import tirx as T
(i,) = sch.get_loops("B")
sch.loop_partition(i, factors=[T.int64(1), T.int32(51)])
