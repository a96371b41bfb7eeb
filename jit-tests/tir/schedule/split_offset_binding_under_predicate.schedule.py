# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_offset_binding_under_predicate.trace
sch.split(sch.get_loops("last_half")[0], factors=[16, None])
sch.split(sch.get_loops("first_half")[0], factors=[7, None])
