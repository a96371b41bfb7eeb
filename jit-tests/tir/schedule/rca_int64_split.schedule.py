# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_int64_split.trace
i, j = sch.get_loops(sch.get_sblock("C"))
jo, ji = sch.split(j, factors=[None, 16])
sch.reverse_compute_at(sch.get_sblock("D"), jo)
