# A schedule as a TVM user writes it (generate.py); TVM's trace of it: annotate_access_resize_compute_at.trace
block = sch.get_sblock("resize")
cache_block = sch.get_sblock("cache")
sch.annotate_buffer_access(block, 0, "read", lambda vn, vc, vh, vw: (vn, vc, (vh * 2 - 3, vh * 2 + 3), (vw * 2 - 3, vw * 2 + 3)))
h, w = sch.get_loops(block)[-2:]
ho, hi = sch.split(h, factors=[10, 10])
wo, wi = sch.split(w, factors=[10, 10])
sch.reorder(ho, wo, hi, wi)
sch.compute_at(cache_block, wo)
