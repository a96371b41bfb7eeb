# A schedule as a TVM user writes it (generate.py); TVM's trace of it: pad_einsum_symbolic_multiple.trace
sch.reorder(sch.get_loops("Y")[1], sch.get_loops("Y")[0])
sch.pad_einsum("Y", [8, 4])
