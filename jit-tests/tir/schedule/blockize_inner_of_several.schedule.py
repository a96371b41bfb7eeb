# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_inner_of_several.trace
sch.blockize(sch.get_loops("B")[2])