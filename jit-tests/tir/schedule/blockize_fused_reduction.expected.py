# kernel: kernels/conv1d_pad.py; TVM 0.27's print of it scheduled by blockize_fused_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv1d_pad(X: T.Buffer((64,), "float32"), W: T.Buffer((3,), "float32"), Y: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    P = T.sblock_alloc_buffer((66,))
    for i in range(66):
        with T.sblock("pad"):
            vi = T.axis.spatial(66, i)
            T.reads(X[vi - 1])
            T.writes(P[vi])
            P[vi] = T.if_then_else(1 <= vi and vi < 65, X[vi - 1], T.float32(0.0))
    with T.sblock("conv_o"):
        vi_o = T.axis.spatial(1, 0)
        vr_o = T.axis.reduce(1, 0)
        T.reads(P[0:66], W[0:3])
        T.writes(Y[0:64])
        with T.init():
            for i_r_fused in range(192):
                with T.sblock("conv_init"):
                    vi_i_init = T.axis.spatial(64, i_r_fused // 3)
                    T.reads()
                    T.writes(Y[vi_i_init])
                    Y[vi_i_init] = T.float32(0.0)
        for i_r_fused in range(192):
            with T.sblock("conv"):
                vi_i = T.axis.spatial(64, i_r_fused // 3)
                vr_i = T.axis.reduce(3, i_r_fused % 3)
                T.reads(Y[vi_i], P[vi_i + vr_i], W[vr_i])
                T.writes(Y[vi_i])
                Y[vi_i] = Y[vi_i] + P[vi_i + vr_i] * W[vr_i]
