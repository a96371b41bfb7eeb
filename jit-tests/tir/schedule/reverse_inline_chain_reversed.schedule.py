# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reverse_inline_chain_reversed.trace
sch.reverse_compute_inline(sch.get_sblock("D"))
sch.reverse_compute_inline(sch.get_sblock("C"))
