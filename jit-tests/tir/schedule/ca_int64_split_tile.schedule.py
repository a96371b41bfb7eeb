# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_int64_split_tile.trace
i, j = sch.get_loops(sch.get_sblock("D"))
jo, ji = sch.split(j, factors=[None, 8])
sch.compute_at(sch.get_sblock("C"), jo)
