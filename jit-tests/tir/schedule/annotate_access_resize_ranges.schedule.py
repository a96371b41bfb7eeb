# A schedule as a TVM user writes it (generate.py); TVM's trace of it: annotate_access_resize_ranges.trace
block = sch.get_sblock("resize")
sch.annotate_buffer_access(block, 0, "read", gen_new_ranges=lambda v_i0, v_i1, v_i2, v_i3: [v_i0, v_i1, (v_i2 * 2 - 3, v_i2 * 2 + 3), (v_i3 * 2 - 3, v_i3 * 2 + 3)])
