# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_binding_divisor_of_divisor.trace
sch.compute_at("B", sch.get_loops("C")[3])
