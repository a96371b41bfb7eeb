# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rfactor_compute_at_mixed_index_types.trace
sch.rfactor(sch.get_loops("T_matmul_NT")[2], 0)
sch.compute_at("T_matmul_NT_rf", sch.get_loops("T_matmul_NT")[1], preserve_unit_loops=True)
sch.unroll(sch.get_loops("T_matmul_NT")[2])
