# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_int64_with_int32.trace
sch.fuse(sch.get_loops("T_matmul_NT")[0], sch.get_loops("T_matmul_NT")[1])