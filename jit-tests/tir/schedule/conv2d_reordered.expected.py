# kernel: ../script/conv2d.py; TVM 0.27's print of it scheduled by conv2d_reordered.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv2d(X: T.Buffer((1, 64, 56, 56), "float32"), W: T.Buffer((64, 64, 3, 3), "float32"), Y: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    Xp = T.sblock_alloc_buffer((1, 64, 58, 58))
    for n, c, h in T.grid(1, 64, 58):
        for w in T.vectorized(58):
            with T.sblock("pad"):
                vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
                T.reads(X[vn, vc, vh - 1, vw - 1])
                T.writes(Xp[vn, vc, vh, vw])
                Xp[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 57 and 1 <= vw and vw < 57, X[vn, vc, vh - 1, vw - 1], T.float32(0.0))
    for n in range(1):
        for f in T.parallel(64):
            for c, h_0, h_1, w, r in T.grid(64, 8, 7, 56, 3):
                for s in T.unroll(3):
                    with T.sblock("conv"):
                        vn, vf = T.axis.remap("SS", [n, f])
                        vh = T.axis.spatial(56, h_0 * 7 + h_1)
                        vw, vc, vr, vs = T.axis.remap("SRRR", [w, c, r, s])
                        T.reads(Xp[vn, vc, vh + vr, vw + vs], W[vf, vc, vr, vs])
                        T.writes(Y[vn, vf, vh, vw])
                        with T.init():
                            Y[vn, vf, vh, vw] = T.float32(0.0)
                        Y[vn, vf, vh, vw] = Y[vn, vf, vh, vw] + Xp[vn, vc, vh + vr, vw + vs] * W[vf, vc, vr, vs]
