# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_fused_inner_loops.trace
sch.fuse(sch.get_loops("B")[1], sch.get_loops("B")[2])
sch.blockize(sch.get_loops("B")[1])
