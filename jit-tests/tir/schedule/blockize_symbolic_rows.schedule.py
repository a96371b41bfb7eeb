# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_symbolic_rows.trace
sch.blockize(sch.get_loops("R")[1])
