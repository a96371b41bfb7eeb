# kernel: kernels/ca_sliced_concat.py; TVM 0.27's print of it scheduled by ca_sliced_concatenate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_sliced_concat(Y: T.Buffer((1, 32, 28, 64), "float32"), Z: T.Buffer((1, 53, 28, 64), "float32"), Slice: T.Buffer((1, 87, 28, 64), "float32")):
    # with T.sblock("root"):
    X = T.sblock_alloc_buffer((1, 16, 28, 64))
    Concat = T.sblock_alloc_buffer((1, 101, 28, 64))
    for ax0 in range(1):
        for ax0_1, ax1, ax2 in T.grid(2, 28, 64):
            with T.sblock("compute"):
                v_ax0 = T.axis.spatial(1, 0)
                v_ax1 = T.axis.spatial(16, ax0_1)
                v_ax2, v_ax3 = T.axis.remap("SS", [ax1, ax2])
                T.reads()
                T.writes(X[v_ax0, v_ax1, v_ax2, v_ax3])
                X[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(1.0)
        for ax0_1, ax1, ax2 in T.grid(87, 28, 64):
            with T.sblock("T_concat"):
                v_ax0 = T.axis.spatial(1, 0)
                v_ax1 = T.axis.spatial(101, ax0_1)
                v_ax2, v_ax3 = T.axis.remap("SS", [ax1, ax2])
                T.reads(X[v_ax0, v_ax1 - 85, v_ax2, v_ax3], Y[v_ax0, v_ax1 - 53, v_ax2, v_ax3], Z[v_ax0, v_ax1, v_ax2, v_ax3])
                T.writes(Concat[v_ax0, v_ax1, v_ax2, v_ax3])
                Concat[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(85 <= v_ax1, X[v_ax0, v_ax1 - 85, v_ax2, v_ax3], T.if_then_else(53 <= v_ax1, Y[v_ax0, v_ax1 - 53, v_ax2, v_ax3], Z[v_ax0, v_ax1, v_ax2, v_ax3]))
        for ax1, ax2, ax3 in T.grid(87, 28, 64):
            with T.sblock("T_strided_slice"):
                v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(Concat[v_ax0, v_ax1, v_ax2, v_ax3])
                T.writes(Slice[v_ax0, v_ax1, v_ax2, v_ax3])
                Slice[v_ax0, v_ax1, v_ax2, v_ax3] = Concat[v_ax0, v_ax1, v_ax2, v_ax3]
