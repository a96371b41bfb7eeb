# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_softmax_inline_exp.trace
sch.compute_inline(sch.get_sblock("T_softmax_exp"))