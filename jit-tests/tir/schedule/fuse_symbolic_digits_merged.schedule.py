# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_symbolic_digits_merged.trace
sch.compute_inline("C")
sch.split(sch.get_loops("D")[0], factors=[None, 32, 2])
sch.fuse(sch.get_loops("D")[1], sch.get_loops("D")[2], sch.get_loops("D")[3])
