# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_without_producer_under_loop.trace
sch.reverse_compute_at("T_add", sch.get_loops("T_repeat")[0], preserve_unit_loops=True)