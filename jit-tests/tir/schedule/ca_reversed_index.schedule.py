# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_reversed_index.trace
sch.compute_at(sch.get_sblock("b0"), sch.get_loops(sch.get_sblock("b1"))[0])
