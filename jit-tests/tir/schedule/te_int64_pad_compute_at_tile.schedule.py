# A schedule as a TVM user writes it (generate.py); TVM's trace of it: te_int64_pad_compute_at_tile.trace
n, c, y, x, r, s = sch.get_loops(sch.get_sblock("Y"))
yo, yi = sch.split(y, factors=[None, 4])
sch.reorder(yo, c, yi)
sch.compute_at(sch.get_sblock("P"), yo)
