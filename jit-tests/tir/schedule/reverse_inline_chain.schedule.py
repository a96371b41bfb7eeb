# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reverse_inline_chain.trace
sch.reverse_compute_inline(sch.get_sblock("C"))
sch.reverse_compute_inline(sch.get_sblock("D"))
