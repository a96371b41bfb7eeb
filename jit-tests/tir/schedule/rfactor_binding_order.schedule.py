# A schedule as a TVM user writes it (generate.py); TVM's trace of it: rfactor_binding_order.trace
sch.pad_einsum("B", [2, 4])
sch.split(sch.get_loops("B")[0], factors=[None, 4, 2])
sch.split(sch.get_loops("B")[2], factors=[2, None])
sch.reorder(sch.get_loops("B")[3], sch.get_loops("B")[4], sch.get_loops("B")[1])
sch.rfactor(sch.get_loops("B")[0], 0)
