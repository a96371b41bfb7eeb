# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_overcomputed_quotient_bound.trace
sch.reverse_compute_at("C", sch.get_loops("B")[0], preserve_unit_loops=True)