# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_sum_of_quotients.trace
l = sch.get_loops("A")
sch.reorder(l[3], l[2], l[1], l[0])
sch.blockize(sch.get_loops("A")[0])
