# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_digits_of_one_point_vectorized.trace
sch.vectorize(sch.get_loops("A")[0])
sch.reverse_compute_at("B", sch.get_loops("A")[1], preserve_unit_loops=True)
