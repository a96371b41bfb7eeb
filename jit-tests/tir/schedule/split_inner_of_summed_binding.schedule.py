# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_inner_of_summed_binding.trace
sch.split(sch.get_loops("consumer")[1], factors=[None, 4])