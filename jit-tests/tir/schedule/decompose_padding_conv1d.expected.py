# kernel: kernels/conv1d_pad.py; TVM 0.27's print of it scheduled by decompose_padding_conv1d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv1d_pad(X: T.Buffer((64,), "float32"), W: T.Buffer((3,), "float32"), Y: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    P = T.sblock_alloc_buffer((66,))
    for i_0 in range(4):
        for ax0 in range(18):
            with T.sblock("pad_pad_const"):
                vi = T.axis.spatial(66, i_0 * 16 + ax0)
                T.reads()
                T.writes(P[vi])
                P[vi] = T.float32(0.0)
        for ax0 in range(18):
            with T.sblock("pad"):
                vi = T.axis.spatial(64, i_0 * 16 + ax0 - 1)
                T.where(1 <= i_0 * 16 + ax0 and i_0 * 16 + ax0 < 65)
                T.reads(X[vi])
                T.writes(P[vi + 1])
                P[vi + 1] = X[vi]
        for i_1, r in T.grid(16, 3):
            with T.sblock("conv"):
                vi = T.axis.spatial(64, i_0 * 16 + i_1)
                vr = T.axis.reduce(3, r)
                T.reads(P[vi + vr], W[vr])
                T.writes(Y[vi])
                with T.init():
                    Y[vi] = T.float32(0.0)
                Y[vi] = Y[vi] + P[vi + vr] * W[vr]
