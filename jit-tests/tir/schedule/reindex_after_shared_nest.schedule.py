# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reindex_after_shared_nest.trace
sch.reindex("C", ("write", 0))
sch.annotate(sch.get_loops("C_reindex")[1], "pragma_auto_unroll_max_step", 64)
