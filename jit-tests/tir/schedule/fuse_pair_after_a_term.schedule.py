# A schedule as a TVM user writes it (generate.py); TVM's trace of it: fuse_pair_after_a_term.trace
sch.fuse(sch.get_loops("update")[3], sch.get_loops("update")[4])