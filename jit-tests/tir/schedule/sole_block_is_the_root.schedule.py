# A schedule as a TVM user writes it (generate.py); TVM's trace of it: sole_block_is_the_root.trace
b = sch.get_sblock("outer")
sch.compute_inline(sch.get_sblock("B"))
