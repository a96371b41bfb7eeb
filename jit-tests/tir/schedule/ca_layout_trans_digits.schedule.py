# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_layout_trans_digits.trace
sch.compute_at("compute", sch.get_loops("T_layout_trans")[3], preserve_unit_loops=True)