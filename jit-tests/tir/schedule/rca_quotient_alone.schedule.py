# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_quotient_alone.trace
sch.reverse_compute_at("compute", sch.get_loops("init")[0])
sch.split(sch.get_loops("compute")[0], factors=[None, 7])
sch.vectorize(sch.get_loops("init")[1])
