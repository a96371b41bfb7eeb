# A schedule as a TVM user writes it (generate.py); TVM's trace of it: block_layout_symbolic_fuse_split.trace
sch.transform_block_layout("B", lambda i, j: (i * 8 + j // 8, j % 8))