# A schedule as a TVM user writes it (generate.py); TVM's trace of it: layout_symbolic_transpose.trace
sch.transform_layout("B", ("write", 0), lambda i, j: [j, i])