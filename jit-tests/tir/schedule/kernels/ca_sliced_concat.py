# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py (its X, Y, Z made parameters).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ca_sliced_concat(Y: T.Buffer((1, 32, 28, 64), "float32"), Z: T.Buffer((1, 53, 28, 64), "float32"), Slice: T.Buffer((1, 87, 28, 64), "float32")):
    X = T.sblock_alloc_buffer((1, 16, 28, 64), "float32")
    Concat = T.sblock_alloc_buffer((1, 101, 28, 64), "float32")
    for ax0, ax1, ax2, ax3 in T.grid(1, 16, 28, 64):
        with T.sblock("compute"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            X[v_ax0, v_ax1, v_ax2, v_ax3] = 1.0
    for ax0, ax1, ax2, ax3 in T.grid(1, 101, 28, 64):
        with T.sblock("T_concat"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            Concat[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(85 <= v_ax1, X[v_ax0, v_ax1 - 85, v_ax2, v_ax3], T.if_then_else(53 <= v_ax1, Y[v_ax0, v_ax1 - 53, v_ax2, v_ax3], Z[v_ax0, v_ax1, v_ax2, v_ax3]))
    for ax0, ax1, ax2, ax3 in T.grid(1, 87, 28, 64):
        with T.sblock("T_strided_slice"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            Slice[v_ax0, v_ax1, v_ax2, v_ax3] = Concat[v_ax0, v_ax1, v_ax2, v_ax3]
