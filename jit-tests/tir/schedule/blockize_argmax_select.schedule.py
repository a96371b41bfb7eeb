# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_argmax_select.trace
sch.blockize(sch.get_loops("argmax")[2])
