# A schedule as a TVM user writes it (generate.py); TVM's trace of it: inline_reversed_store.trace
sch.compute_inline("b0")
