# A schedule as a TVM user writes it (generate.py); TVM's trace of it: decompose_fused_spatial_reduction.trace
sch.fuse(sch.get_loops("sums")[0], sch.get_loops("sums")[1])
sch.decompose_reduction("sums", sch.get_loops("sums")[0])
