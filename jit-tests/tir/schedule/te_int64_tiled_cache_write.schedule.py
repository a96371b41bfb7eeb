# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_tiled_cache_write.trace
c = sch.cache_write(sch.get_sblock("C"), 0, "local")
i, j, k = sch.get_loops(sch.get_sblock("C"))
io, ii = sch.split(i, factors=[None, 4])
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(io, jo, k, ii, ji)
sch.reverse_compute_at(c, jo)
