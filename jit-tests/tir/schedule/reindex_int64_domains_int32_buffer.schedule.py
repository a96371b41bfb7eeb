# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reindex_int64_domains_int32_buffer.trace
sch.reindex("B", ("read", 0))
sch.split(sch.get_loops("D")[0], factors=[7, None])
