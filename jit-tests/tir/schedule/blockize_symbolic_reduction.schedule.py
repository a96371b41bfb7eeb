# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_symbolic_reduction.trace
sch.blockize(sch.get_loops("S")[1])
