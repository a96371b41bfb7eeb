# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_symbolic_int64_with_int32.trace
sch.compute_at("B", sch.get_loops("C")[1])
sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1])
sch.reverse_compute_inline("D")
