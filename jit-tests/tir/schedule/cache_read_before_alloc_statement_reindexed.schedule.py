# A schedule as a TVM user writes it (generate.py); TVM's trace of it: cache_read_before_alloc_statement_reindexed.trace
sch.pad_einsum("D", [8])
sch.reindex("D", ("read", 0))
sch.cache_read("C", 0, "local")
