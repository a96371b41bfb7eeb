# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_region_simplified_in_loop_ranges.trace
sch.split(sch.get_loops("C")[0], factors=[None, 16])
sch.compute_at("B", sch.get_loops("C")[1])
