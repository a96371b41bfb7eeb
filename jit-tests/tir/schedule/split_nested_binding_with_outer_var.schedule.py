# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_nested_binding_with_outer_var.trace
sch.split(sch.get_loops("B")[0], factors=[7, None])