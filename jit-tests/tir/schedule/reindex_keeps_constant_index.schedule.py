# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reindex_keeps_constant_index.trace
sch.reindex("Out", ("read", 0))
