# kernel: kernels/pad_1d.py; TVM 0.27's print of it scheduled by decompose_padding_1d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_1d(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    # with T.sblock("root"):
    for i in range(140):
        with T.sblock("block_pad_const"):
            vi = T.axis.spatial(140, i)
            T.reads()
            T.writes(y[vi])
            y[vi] = 0
    for i in range(128):
        with T.sblock("block"):
            vi = T.axis.spatial(128, i)
            T.reads(x[vi])
            T.writes(y[vi + 6])
            y[vi + 6] = x[vi]
