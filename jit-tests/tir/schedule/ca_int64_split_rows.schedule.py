# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_int64_split_rows.trace
i, j = sch.get_loops(sch.get_sblock("D"))
io, ii = sch.split(i, factors=[None, 4])
sch.compute_at(sch.get_sblock("C"), io)
