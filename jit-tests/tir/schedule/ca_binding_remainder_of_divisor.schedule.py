# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_binding_remainder_of_divisor.trace
sch.split(sch.get_loops("T_layout_trans")[2], factors=[None, 16])
sch.fuse(sch.get_loops("T_layout_trans")[2], sch.get_loops("T_layout_trans")[3])
sch.compute_at("compute", sch.get_loops("T_layout_trans")[4])
