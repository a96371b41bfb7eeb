# TVM 0.27 output (../shared/tir-examples): reads, checks and prints back.
# naive 3x3 conv2d NCHW, stride 1, zero pad 1 (no bias): Y[n,f,h,w] = sum_{c,r,s} Xpad[n,c,h+r,w+s] * W[f,c,r,s]; X: float32[1, 64, 56, 56], W: float32[64, 64, 3, 3], Y: float32[1, 64, 56, 56]
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv2d(X: T.Buffer((1, 64, 56, 56), "float32"), W: T.Buffer((64, 64, 3, 3), "float32"), Y: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    Xp = T.sblock_alloc_buffer((1, 64, 58, 58))
    for n, c, h, w in T.grid(1, 64, 58, 58):
        with T.sblock("pad"):
            vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
            T.reads(X[vn, vc, vh - 1, vw - 1])
            T.writes(Xp[vn, vc, vh, vw])
            Xp[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 57 and 1 <= vw and vw < 57, X[vn, vc, vh - 1, vw - 1], T.float32(0.0))
    for n, f, h, w, c, r, s in T.grid(1, 64, 56, 56, 64, 3, 3):
        with T.sblock("conv"):
            vn, vf, vh, vw, vc, vr, vs = T.axis.remap("SSSSRRR", [n, f, h, w, c, r, s])
            T.reads(Xp[vn, vc, vh + vr, vw + vs], W[vf, vc, vr, vs])
            T.writes(Y[vn, vf, vh, vw])
            with T.init():
                Y[vn, vf, vh, vw] = T.float32(0.0)
            Y[vn, vf, vh, vw] = Y[vn, vf, vh, vw] + Xp[vn, vc, vh + vr, vw + vs] * W[vf, vc, vr, vs]
