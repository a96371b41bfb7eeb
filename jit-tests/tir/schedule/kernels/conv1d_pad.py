# A kernel for schedule cases (generate.py), in the form of TVM's schedule tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def conv1d_pad(X: T.Buffer((64,), "float32"), W: T.Buffer((3,), "float32"), Y: T.Buffer((64,), "float32")):
    P = T.sblock_alloc_buffer((66,))
    for i in range(66):
        with T.sblock("pad"):
            vi = T.axis.spatial(66, i)
            P[vi] = T.if_then_else(1 <= vi and vi < 65, X[vi - 1], T.float32(0.0))
    for i, r in T.grid(64, 3):
        with T.sblock("conv"):
            vi, vr = T.axis.remap("SR", [i, r])
            with T.init():
                Y[vi] = T.float32(0.0)
            Y[vi] = Y[vi] + P[vi + vr] * W[vr]
