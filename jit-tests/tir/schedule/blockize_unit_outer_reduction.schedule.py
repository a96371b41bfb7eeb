# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_unit_outer_reduction.trace
sch.blockize(sch.get_loops("C")[0])