# kernel: kernels/ca_grouped_channel.py; TVM 0.27's print of it scheduled by rca_quotient_alone.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def grouped_channel_bias(X: T.Buffer((720, 8, 8), "float32"), Y: T.Buffer((720, 8, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((45,))
    for i_0 in range(7):
        for i_1 in T.vectorized(7):
            with T.sblock("init"):
                vi = T.axis.spatial(45, i_0 * 7 + i_1)
                T.where(i_0 * 7 + i_1 < 45)
                T.reads()
                T.writes(B[vi])
                B[vi] = T.Cast("float32", vi)
            for ax0, ax1, ax2 in T.grid(8, 8, 16):
                with T.sblock("compute"):
                    hh, ww = T.axis.remap("SS", [ax0, ax1])
                    cc = T.axis.spatial(720, (i_0 * 7 + i_1) * 16 + ax2)
                    T.where(i_0 * 7 + i_1 < 45)
                    T.reads(X[cc, hh, ww], B[cc // 16])
                    T.writes(Y[cc, hh, ww])
                    Y[cc, hh, ww] = X[cc, hh, ww] + B[cc // 16]
