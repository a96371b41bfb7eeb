# A schedule as a TVM user writes it (generate.py); TVM's trace of it: layout_unit_dim_folds.trace
sch.transform_layout("C", ("write", 0), lambda i, j: (i * 128 + j,))
sch.transform_layout("B", ("read", 0), lambda i, j: (j // 16, i * 16 + j % 16))
