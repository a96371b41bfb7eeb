# A schedule as a TVM user writes it (generate.py); TVM's trace of it: reverse_inline_then_cache_write.trace
sch.reverse_compute_inline(sch.get_sblock("T_strided_slice_with_axes"))
sch.cache_write(sch.get_sblock("T_add"), 0, "global")
