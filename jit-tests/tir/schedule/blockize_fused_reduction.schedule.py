# A schedule as a TVM user writes it (generate.py); TVM's trace of it: blockize_fused_reduction.trace
sch.fuse(sch.get_loops("conv")[0], sch.get_loops("conv")[1])
sch.blockize(sch.get_loops("conv")[0])
