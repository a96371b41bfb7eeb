# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_symbolic_fused_digits.trace
sch.fuse(sch.get_loops("C")[0], sch.get_loops("C")[1], sch.get_loops("C")[2])
sch.reverse_compute_at("D", sch.get_loops("C")[0])
