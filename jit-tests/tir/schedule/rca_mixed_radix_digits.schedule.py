# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_mixed_radix_digits.trace
sch.reverse_compute_at(sch.get_sblock("Out"), sch.get_loops(sch.get_sblock("In"))[2])
