# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_dependent_domain.trace
sch.split(sch.get_loops("B")[0], factors=[32, None])