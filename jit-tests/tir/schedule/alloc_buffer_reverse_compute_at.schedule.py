# A schedule as a TVM user writes it (generate.py); TVM's trace of it: alloc_buffer_reverse_compute_at.trace
Y = sch.get_sblock("Y")
C_block = sch.get_sblock("C")
i_loop, j_loop, k_loop = sch.get_loops(Y)
j0, j1 = sch.split(j_loop, factors=[16, 8])
_, j0_new, j1_new, k_new = sch.get_loops(Y)
sch.reorder(sch.get_loops(Y)[0], j0_new, k_new, j1_new)
sch.reverse_compute_at(C_block, j0)
