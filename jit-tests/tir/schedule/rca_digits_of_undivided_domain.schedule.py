# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_digits_of_undivided_domain.trace
sch.reverse_compute_at("C", sch.get_loops("B")[3])
