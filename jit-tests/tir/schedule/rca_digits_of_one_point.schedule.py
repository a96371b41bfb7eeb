# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_digits_of_one_point.trace
sch.reverse_compute_at("B", sch.get_loops("A")[1])