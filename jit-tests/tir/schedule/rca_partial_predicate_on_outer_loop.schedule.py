# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_partial_predicate_on_outer_loop.trace
sch.split(sch.get_loops("B")[0], factors=[None, 2])
sch.reverse_compute_at("C", sch.get_loops("B")[1])
