# A schedule as a TVM user writes it (generate.py); TVM's trace of it: block_layout_symbolic_fuse_packed.trace
sch.transform_layout("B", ("write", 0), lambda i, j: [j // 8, i, j % 8])
sch.transform_block_layout("B", lambda i, j: (i * 64 + j,))
