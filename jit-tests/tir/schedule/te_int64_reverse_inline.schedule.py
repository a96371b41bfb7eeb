# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_reverse_inline.trace
sch.reverse_compute_inline(sch.get_sblock("D"))