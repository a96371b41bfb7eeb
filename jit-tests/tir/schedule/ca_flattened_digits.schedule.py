# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_flattened_digits.trace
sch.split(sch.get_loops("B")[0], factors=[None, 1])
sch.vectorize(sch.get_loops("C")[0])
sch.compute_at("B", sch.get_loops("C")[1])
