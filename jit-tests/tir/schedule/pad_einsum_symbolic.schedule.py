# A schedule as a TVM user writes it (generate.py); TVM's trace of it: pad_einsum_symbolic.trace
sch.pad_einsum(sch.get_sblock("C"), [32, 32, 32])