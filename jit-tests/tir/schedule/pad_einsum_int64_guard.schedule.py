# A schedule as a TVM user writes it (generate.py); TVM's trace of it: pad_einsum_int64_guard.trace
sch.split(sch.get_loops("B")[0], factors=[None, 1])
sch.pad_einsum("D", [2, 1, 2])
