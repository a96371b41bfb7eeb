# A schedule as a TVM user writes it (generate.py); TVM's trace of it: pad_einsum_symbolic_rms.trace
sch.pad_einsum(sch.get_sblock("S"), [1, 32, 1])