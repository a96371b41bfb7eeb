# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_write_symbolic_stride.trace
sch.unroll(sch.get_loops("NT_matmul")[2])
sch.cache_write("NT_matmul", 0, "global")
sch.unroll(sch.get_loops("NT_matmul")[4])
sch.reverse_compute_at("C_global", sch.get_loops("NT_matmul")[3], preserve_unit_loops=True)
