# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rca_reversed_index.trace
sch.reverse_compute_at(sch.get_sblock("b1"), sch.get_loops(sch.get_sblock("b0"))[0])
