# kernel: kernels/ca_layout_trans.py; TVM 0.27's print of it scheduled by ca_binding_remainder_of_divisor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_layout_trans(A: T.Buffer((1, 3, 5, 5, 16), "float32"), C: T.Buffer((1, 6, 5, 5, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 3, 5, 5, 16))
    for ax0, ax1, ax2_0_ax2_1_fused, ax3, ax4 in T.grid(1, 6, 16, 5, 8):
        with T.sblock("compute"):
            v_i0 = T.axis.spatial(1, 0)
            v_i1 = T.axis.spatial(3, ax1 // 2)
            v_i2 = T.axis.spatial(5, ax2_0_ax2_1_fused)
            v_i3 = T.axis.spatial(5, ax3)
            v_i4 = T.axis.spatial(16, ax1 % 2 * 8 + ax4)
            T.where(ax2_0_ax2_1_fused < 5)
            T.reads(A[v_i0, v_i1, v_i2, v_i3, v_i4])
            T.writes(B[v_i0, v_i1, v_i2, v_i3, v_i4])
            B[v_i0, v_i1, v_i2, v_i3, v_i4] = A[v_i0, v_i1, v_i2, v_i3, v_i4] + T.float32(1.0)
        with T.sblock("T_layout_trans"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            v_ax2 = T.axis.spatial(5, ax2_0_ax2_1_fused)
            v_ax3, v_ax4 = T.axis.remap("SS", [ax3, ax4])
            T.where(T.Mul(0, 16) + ax2_0_ax2_1_fused % 16 < 5)
            T.reads(B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16])
            T.writes(C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16]
