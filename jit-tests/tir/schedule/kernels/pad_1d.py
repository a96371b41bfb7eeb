# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_decompose_padding.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad_1d(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    for i in range(140):
        with T.sblock("block"):
            vi = T.axis.spatial(140, i)
            y[vi] = T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)
