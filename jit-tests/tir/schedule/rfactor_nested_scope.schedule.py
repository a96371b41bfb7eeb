# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rfactor_nested_scope.trace
i, k = sch.get_loops("B")
ko, ki = sch.split(k, factors=[None, 8])
sch.rfactor(ki, 0)
