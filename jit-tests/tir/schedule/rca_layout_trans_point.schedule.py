# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_layout_trans_point.trace
sch.reverse_compute_at("T_layout_trans", sch.get_loops("compute")[4])
