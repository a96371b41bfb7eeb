# A schedule as a TVM user writes it (generate.py); TVM's trace of it: split_of_split_symbolic.trace
(i,) = sch.get_loops(sch.get_sblock("C"))
io, ii = sch.split(i, factors=[None, 4])
sch.unroll(ii)
iio, iii = sch.split(io, factors=[2, None])
sch.reorder(iii, iio)
