# kernel: kernels/cascade3_pool.py; TVM 0.27's print of it scheduled by ms_cuda_cascade_pool.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def cascade3_pool(A: T.Buffer((1, 24, 24, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    # with T.sblock("root"):
    B_0_shared = T.sblock_alloc_buffer((1, 22, 22, 16), "int8", scope="shared")
    B_1_shared = T.sblock_alloc_buffer((1, 10, 10, 16), "int8", scope="shared")
    for i0_i1_i2_i3_fused in T.thread_binding(1024, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for ax0, ax1, ax2, ax3, ax4_ax5_fused_0 in T.grid(1, 15, 65, 1, 1):
            for ax4_ax5_fused_1 in T.thread_binding(32, thread="threadIdx.x"):
                with T.sblock("B_0"):
                    ax0_1 = T.axis.spatial(1, ax0)
                    ax1_1 = T.axis.spatial(22, i0_i1_i2_i3_fused // 128 * 2 + ax1)
                    ax2_1 = T.axis.spatial(22, i0_i1_i2_i3_fused % 128 // 16 * 2 + ax2)
                    ax3_1 = T.axis.spatial(16, i0_i1_i2_i3_fused % 16 + ax3)
                    rv0 = T.axis.reduce(3, (ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1) // 3)
                    rv1 = T.axis.reduce(3, (ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1) % 3)
                    T.where(i0_i1_i2_i3_fused % 1024 // 128 * 2 + ax1 < 22 and i0_i1_i2_i3_fused % 128 // 16 * 2 + ax2 < 22 and ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1 < 9)
                    T.reads(A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
                    T.writes(B_0_shared[ax0_1, ax1_1, ax2_1, ax3_1])
                    with T.init():
                        B_0_shared[ax0_1, ax1_1, ax2_1, ax3_1] = T.int8(-128)
                    B_0_shared[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(B_0_shared[ax0_1, ax1_1, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for ax0, ax1, ax2, ax3, ax4_ax5_fused_0 in T.grid(1, 3, 32, 1, 1):
            for ax4_ax5_fused_1 in T.thread_binding(32, thread="threadIdx.x"):
                with T.sblock("B_1"):
                    ax0_1 = T.axis.spatial(1, ax0)
                    ax1_1 = T.axis.spatial(10, i0_i1_i2_i3_fused // 128 + ax1)
                    ax2_1 = T.axis.spatial(10, i0_i1_i2_i3_fused % 128 // 16 + ax2)
                    ax3_1 = T.axis.spatial(16, i0_i1_i2_i3_fused % 16 + ax3)
                    rv0 = T.axis.reduce(3, (ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1) // 3)
                    rv1 = T.axis.reduce(3, (ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1) % 3)
                    T.where(i0_i1_i2_i3_fused % 128 // 16 + ax2 < 10 and ax4_ax5_fused_0 * 32 + ax4_ax5_fused_1 < 9)
                    T.reads(B_0_shared[ax0_1, ax1_1 * 2 + rv0, ax2_1 * 2 + rv1, ax3_1])
                    T.writes(B_1_shared[ax0_1, ax1_1, ax2_1, ax3_1])
                    with T.init():
                        B_1_shared[ax0_1, ax1_1, ax2_1, ax3_1] = T.int8(-128)
                    B_1_shared[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(B_1_shared[ax0_1, ax1_1, ax2_1, ax3_1], B_0_shared[ax0_1, ax1_1 * 2 + rv0, ax2_1 * 2 + rv1, ax3_1])
        for i4, i5_0 in T.grid(3, 1):
            for i5_1 in T.thread_binding(32, thread="threadIdx.x"):
                with T.sblock("C"):
                    ax0 = T.axis.spatial(1, 0)
                    ax1 = T.axis.spatial(8, i0_i1_i2_i3_fused // 128)
                    ax2 = T.axis.spatial(8, i0_i1_i2_i3_fused % 128 // 16)
                    ax3 = T.axis.spatial(16, i0_i1_i2_i3_fused % 16)
                    rv0 = T.axis.reduce(3, i4)
                    rv1 = T.axis.reduce(3, i5_0 * 32 + i5_1)
                    T.where(i5_0 * 32 + i5_1 < 3)
                    T.reads(B_1_shared[ax0, ax1 + rv0, ax2 + rv1, ax3])
                    T.writes(C[ax0, ax1, ax2, ax3])
                    with T.init():
                        C[ax0, ax1, ax2, ax3] = T.int8(-128)
                    C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], B_1_shared[ax0, ax1 + rv0, ax2 + rv1, ax3])
