# A schedule as a TVM user writes it (generate.py); TVM's trace of it: layout_symbolic_rows_split.trace
sch.transform_layout("B", ("write", 0), lambda i, j: [j // 8, i, j % 8])