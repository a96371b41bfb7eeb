# kernel: kernels/conv1d_pad.py; TVM 0.27's print of it scheduled by compute_location_sampled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv1d_pad(X: T.Buffer((64,), "float32"), W: T.Buffer((3,), "float32"), Y: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    for i, r in T.grid(64, 3):
        with T.sblock("conv"):
            vi, vr = T.axis.remap("SR", [i, r])
            T.reads(X[vi + vr - 1], W[vr])
            T.writes(Y[vi])
            with T.init():
                Y[vi] = T.float32(0.0)
            Y[vi] = Y[vi] + T.if_then_else(1 <= vi + vr and vi + vr < 65, X[vi + vr - 1], T.float32(0.0)) * W[vr]
