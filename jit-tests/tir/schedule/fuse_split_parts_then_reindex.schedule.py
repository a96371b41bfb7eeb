# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_split_parts_then_reindex.trace
sch.fuse(sch.get_loops("update")[1], sch.get_loops("update")[2], sch.get_loops("update")[3])
sch.reindex("update", ("read", 0))
