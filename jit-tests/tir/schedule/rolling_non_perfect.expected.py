# kernel: kernels/cascade_pool.py; TVM 0.27's print of it scheduled by rolling_non_perfect.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def cascade_pool(A: T.Buffer((1, 12, 12, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 8, 10, 16), "int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 2, 2, 1):
        for ax0, ax1, ax2, ax3, ax4 in T.grid(8, 8, 16, 3, 3):
            with T.sblock("B"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.opaque(10, i1_0 * 6 + ax0)
                ax2_1 = T.axis.spatial(10, i2_0 * 6 + ax1)
                ax3_1, rv0, rv1 = T.axis.remap("SRR", [ax2, ax3, ax4])
                T.where(i1_0 * 6 + ax0 < 10 and i2_0 * 6 + ax1 < 10 and (i1_0 < 1 or 2 <= ax0) and (i2_0 < 1 or 2 <= ax1))
                T.reads(A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
                T.writes(B[ax0_1, ax1_1 % 8, ax2_1, ax3_1])
                with T.init():
                    B[ax0_1, ax1_1 % 8, ax2_1, ax3_1] = T.int8(-128)
                B[ax0_1, ax1_1 % 8, ax2_1, ax3_1] = T.max(B[ax0_1, ax1_1 % 8, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for i0_1, i1_1, i2_1, i3_1, i4, i5 in T.grid(1, 6, 6, 16, 3, 3):
            with T.sblock("C"):
                ax0 = T.axis.spatial(1, i0_0 + i0_1)
                ax1 = T.axis.opaque(8, i1_0 * 6 + i1_1)
                ax2 = T.axis.spatial(8, i2_0 * 6 + i2_1)
                ax3 = T.axis.spatial(16, i3_0 * 16 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                T.where(i1_0 * 6 + i1_1 < 8 and i2_0 * 6 + i2_1 < 8)
                T.reads(B[ax0, (ax1 + rv0) % 8, ax2 + rv1, ax3])
                T.writes(C[ax0, ax1, ax2, ax3])
                with T.init():
                    C[ax0, ax1, ax2, ax3] = T.int8(-128)
                C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], B[ax0, (ax1 + rv0) % 8, ax2 + rv1, ax3])
