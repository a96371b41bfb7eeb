# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_split_parts_again.trace
sch.split(sch.get_loops("update")[0], factors=[None, 16])
sch.split(sch.get_loops("update")[3], factors=[None, 4])
sch.parallel(sch.get_loops("update")[1])
sch.fuse(sch.get_loops("update")[0], sch.get_loops("update")[1], sch.get_loops("update")[2])
