# kernel: kernels/pad_1d.py; TVM 0.27's print of it scheduled by blockize_condition_simplified.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_1d(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    # with T.sblock("root"):
    with T.sblock("block_o"):
        vi_o = T.axis.spatial(1, 0)
        T.reads(x[-6:134])
        T.writes(y[0:140])
        for i in range(140):
            with T.sblock("block"):
                vi_i = T.axis.spatial(140, i)
                T.reads(x[vi_i - 6])
                T.writes(y[vi_i])
                y[vi_i] = T.if_then_else(6 <= vi_i and vi_i < 134, x[vi_i - 6], 0)
