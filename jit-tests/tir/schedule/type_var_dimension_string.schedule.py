# A schedule as a TVM user writes it (generate.py); TVM's trace of it: type_var_dimension_string.trace
sch.parallel(sch.get_loops("NT_matmul")[1])