# A schedule as a TVM user writes it (generate.py); TVM's trace of it: layout_symbolic_fuse_split.trace
sch.transform_layout("B", ("write", 0), lambda i, j: [i * 8 + j // 8, j % 8])