# kernel: ../script/conv2d.py; TVM 0.27's print of it scheduled by conv2d_inline_pad.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv2d(X: T.Buffer((1, 64, 56, 56), "float32"), W: T.Buffer((64, 64, 3, 3), "float32"), Y: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for n in range(1):
        for f in T.parallel(64):
            for h, w, c, r, s in T.grid(56, 56, 64, 3, 3):
                with T.sblock("conv"):
                    vn, vf, vh, vw, vc, vr, vs = T.axis.remap("SSSSRRR", [n, f, h, w, c, r, s])
                    T.reads(X[vn, vc, vh + vr - 1, vw + vs - 1], W[vf, vc, vr, vs])
                    T.writes(Y[vn, vf, vh, vw])
                    with T.init():
                        Y[vn, vf, vh, vw] = T.float32(0.0)
                    Y[vn, vf, vh, vw] = Y[vn, vf, vh, vw] + T.if_then_else(1 <= vh + vr and vh + vr < 57 and 1 <= vw + vs and vw + vs < 57, X[vn, vc, vh + vr - 1, vw + vs - 1], T.float32(0.0)) * W[vf, vc, vr, vs]
