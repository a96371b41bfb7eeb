# kernel: kernels/ca_layout_trans.py; TVM 0.27's print of it scheduled by ca_layout_trans_digits.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_layout_trans(A: T.Buffer((1, 3, 5, 5, 16), "float32"), C: T.Buffer((1, 6, 5, 5, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 3, 5, 5, 16))
    for ax0, ax1, ax2, ax3 in T.grid(1, 6, 5, 5):
        for ax0_1, ax1_1, ax2_1, ax3_1, ax4 in T.grid(1, 1, 1, 1, 8):
            with T.sblock("compute"):
                v_i0 = T.axis.spatial(1, ax0_1)
                v_i1 = T.axis.spatial(3, ax1 // 2 + ax1_1)
                v_i2 = T.axis.spatial(5, ax2 + ax2_1)
                v_i3 = T.axis.spatial(5, ax3 + ax3_1)
                v_i4 = T.axis.spatial(16, ax1 % 2 * 8 + ax4)
                T.reads(A[v_i0, v_i1, v_i2, v_i3, v_i4])
                T.writes(B[v_i0, v_i1, v_i2, v_i3, v_i4])
                B[v_i0, v_i1, v_i2, v_i3, v_i4] = A[v_i0, v_i1, v_i2, v_i3, v_i4] + T.float32(1.0)
        for ax4 in range(8):
            with T.sblock("T_layout_trans"):
                v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
                T.reads(B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16])
                T.writes(C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
                C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16]
