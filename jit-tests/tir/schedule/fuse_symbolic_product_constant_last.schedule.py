# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_symbolic_product_constant_last.trace
sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1], sch.get_loops("B")[2])