# kernel: ../script/conv2d.py; TVM 0.27's print of it scheduled by conv2d_compute_at.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv2d(X: T.Buffer((1, 64, 56, 56), "float32"), W: T.Buffer((64, 64, 3, 3), "float32"), Y: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    Xp = T.sblock_alloc_buffer((1, 64, 58, 58))
    for n in range(1):
        for f in T.parallel(64):
            for h in range(56):
                for ax0, ax1, ax2 in T.grid(64, 3, 58):
                    with T.sblock("pad"):
                        vn = T.axis.spatial(1, 0)
                        vc = T.axis.spatial(64, ax0)
                        vh = T.axis.spatial(58, h + ax1)
                        vw = T.axis.spatial(58, ax2)
                        T.reads(X[vn, vc, vh - 1, vw - 1])
                        T.writes(Xp[vn, vc, vh, vw])
                        Xp[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 57 and 1 <= vw and vw < 57, X[vn, vc, vh - 1, vw - 1], T.float32(0.0))
                for w, c, r, s in T.grid(56, 64, 3, 3):
                    with T.sblock("conv"):
                        vn, vf, vh, vw, vc, vr, vs = T.axis.remap("SSSSRRR", [n, f, h, w, c, r, s])
                        T.reads(Xp[vn, vc, vh + vr, vw + vs], W[vf, vc, vr, vs])
                        T.writes(Y[vn, vf, vh, vw])
                        with T.init():
                            Y[vn, vf, vh, vw] = T.float32(0.0)
                        Y[vn, vf, vh, vw] = Y[vn, vf, vh, vw] + Xp[vn, vc, vh + vr, vw + vs] * W[vf, vc, vr, vs]
