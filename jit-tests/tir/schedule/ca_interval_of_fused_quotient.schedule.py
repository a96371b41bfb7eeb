# A schedule as a TVM user writes it (generate.py); TVM's trace of it: ca_interval_of_fused_quotient.trace
l = sch.get_loops("compute")
f = sch.fuse(l[2], l[3])
sch.vectorize(f)
sch.compute_at("cache", l[1])
