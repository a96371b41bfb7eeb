# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_inline_chain.trace
sch.compute_inline(sch.get_sblock("B"))
sch.compute_inline(sch.get_sblock("C"))
