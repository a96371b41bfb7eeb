# kernel: kernels/cascade3_pool.py; TVM 0.27's print of it scheduled by ms_cpu_cascade_pool_rfactor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def cascade3_pool(A: T.Buffer((1, 24, 24, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    # with T.sblock("root"):
    B_0 = T.sblock_alloc_buffer((1, 22, 22, 16), "int8")
    B_1 = T.sblock_alloc_buffer((1, 10, 10, 16), "int8")
    C_rf = T.sblock_alloc_buffer((1, 8, 8, 16, 1), "int8")
    B_1_rf = T.sblock_alloc_buffer((1, 10, 10, 16, 3), "int8")
    for i0_i1_fused_fused in T.parallel(10):
        for ax0, ax1, ax2, ax3 in T.grid(1, 3, 21, 16):
            with T.sblock("B_0_init"):
                ax0_1 = T.axis.spatial(1, ax0)
                ax1_1 = T.axis.spatial(22, i0_i1_fused_fused * 2 + ax1)
                ax2_1 = T.axis.spatial(22, ax2)
                ax3_1 = T.axis.spatial(16, ax3)
                T.reads()
                T.writes(B_0[ax0_1, ax1_1, ax2_1, ax3_1])
                B_0[ax0_1, ax1_1, ax2_1, ax3_1] = T.int8(-128)
            for ax4, ax5 in T.grid(3, 3):
                with T.sblock("B_0_update"):
                    ax0_1 = T.axis.spatial(1, ax0)
                    ax1_1 = T.axis.spatial(22, i0_i1_fused_fused * 2 + ax1)
                    ax2_1 = T.axis.spatial(22, ax2)
                    ax3_1, rv0, rv1 = T.axis.remap("SRR", [ax3, ax4, ax5])
                    T.reads(B_0[ax0_1, ax1_1, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
                    T.writes(B_0[ax0_1, ax1_1, ax2_1, ax3_1])
                    B_0[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(B_0[ax0_1, ax1_1, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for i2, i3 in T.grid(10, 16):
            for i4_i5_fused_1_fused_init in T.vectorized(3):
                with T.sblock("B_1_rf_init"):
                    vi4_i5_fused_1 = T.axis.spatial(3, i4_i5_fused_1_fused_init)
                    ax0 = T.axis.spatial(1, 0)
                    ax1, ax2, ax3 = T.axis.remap("SSS", [i0_i1_fused_fused, i2, i3])
                    T.reads()
                    T.writes(B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
                    B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1] = T.int8(-128)
            for i4_i5_fused_0 in range(3):
                for i4_i5_fused_1_fused in T.vectorized(3):
                    with T.sblock("B_1_rf_update"):
                        vi4_i5_fused_1 = T.axis.spatial(3, i4_i5_fused_1_fused)
                        ax0 = T.axis.spatial(1, 0)
                        ax1, ax2, ax3, vi4_i5_fused_0 = T.axis.remap("SSSR", [i0_i1_fused_fused, i2, i3, i4_i5_fused_0])
                        T.reads(B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1], B_0[ax0, ax1 * 2 + (vi4_i5_fused_0 * 3 + vi4_i5_fused_1) // 3, ax2 * 2 + (vi4_i5_fused_0 * 3 + vi4_i5_fused_1) % 3, ax3])
                        T.writes(B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
                        B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1] = T.max(B_1_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1], B_0[ax0, ax1 * 2 + (vi4_i5_fused_0 * 3 + vi4_i5_fused_1) // 3, ax2 * 2 + (vi4_i5_fused_0 * 3 + vi4_i5_fused_1) % 3, ax3])
    for i0_i1_i2_fused_fused in T.parallel(64):
        for i3 in range(16):
            for i4_i5_fused_0_init, ax1_init, ax2_init, ax3_init, ax4_init in T.grid(9, 1, 1, 1, 1):
                with T.sblock("B_1_init"):
                    ax0 = T.axis.spatial(1, ax1_init)
                    ax1 = T.axis.spatial(10, i4_i5_fused_0_init // 3 + i0_i1_i2_fused_fused // 8 + ax2_init)
                    ax2 = T.axis.spatial(10, i0_i1_i2_fused_fused % 8 + i4_i5_fused_0_init % 3 + ax3_init)
                    ax3 = T.axis.spatial(16, i3 + ax4_init)
                    T.reads()
                    T.writes(B_1[ax0, ax1, ax2, ax3])
                    B_1[ax0, ax1, ax2, ax3] = T.int8(-128)
            for i4_i5_fused_1_init in range(1):
                with T.sblock("C_rf_init"):
                    vi4_i5_fused_1 = T.axis.spatial(1, i4_i5_fused_1_init)
                    ax0 = T.axis.spatial(1, 0)
                    ax1 = T.axis.spatial(8, i0_i1_i2_fused_fused // 8)
                    ax2 = T.axis.spatial(8, i0_i1_i2_fused_fused % 8)
                    ax3 = T.axis.spatial(16, i3)
                    T.reads()
                    T.writes(C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
                    C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1] = T.int8(-128)
            for i4_i5_fused_0 in range(9):
                for ax0, ax1, ax2, ax3, ax4 in T.grid(3, 1, 1, 1, 1):
                    with T.sblock("B_1_update"):
                        vi4_i5_fused_1, ax0_1 = T.axis.remap("RS", [ax0, ax1])
                        ax1_1 = T.axis.spatial(10, i4_i5_fused_0 // 3 + i0_i1_i2_fused_fused // 8 + ax2)
                        ax2_1 = T.axis.spatial(10, i0_i1_i2_fused_fused % 8 + i4_i5_fused_0 % 3 + ax3)
                        ax3_1 = T.axis.spatial(16, i3 + ax4)
                        T.reads(B_1[ax0_1, ax1_1, ax2_1, ax3_1], B_1_rf[ax0_1, ax1_1, ax2_1, ax3_1, vi4_i5_fused_1])
                        T.writes(B_1[ax0_1, ax1_1, ax2_1, ax3_1])
                        B_1[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(B_1[ax0_1, ax1_1, ax2_1, ax3_1], B_1_rf[ax0_1, ax1_1, ax2_1, ax3_1, vi4_i5_fused_1])
                for i4_i5_fused_1 in range(1):
                    with T.sblock("C_rf_update"):
                        vi4_i5_fused_1 = T.axis.spatial(1, i4_i5_fused_1)
                        ax0 = T.axis.spatial(1, 0)
                        ax1 = T.axis.spatial(8, i0_i1_i2_fused_fused // 8)
                        ax2 = T.axis.spatial(8, i0_i1_i2_fused_fused % 8)
                        ax3, vi4_i5_fused_0 = T.axis.remap("SR", [i3, i4_i5_fused_0])
                        T.reads(C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1], B_1[ax0, ax1 + (vi4_i5_fused_0 + vi4_i5_fused_1) // 3, ax2 + (vi4_i5_fused_0 + vi4_i5_fused_1) % 3, ax3])
                        T.writes(C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
                        C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1] = T.max(C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1], B_1[ax0, ax1 + (vi4_i5_fused_0 + vi4_i5_fused_1) // 3, ax2 + (vi4_i5_fused_0 + vi4_i5_fused_1) % 3, ax3])
    for i0_i1_i2_fused in T.parallel(64):
        for i3 in range(16):
            with T.sblock("C_init"):
                ax0 = T.axis.spatial(1, 0)
                ax1 = T.axis.spatial(8, i0_i1_i2_fused // 8)
                ax2 = T.axis.spatial(8, i0_i1_i2_fused % 8)
                ax3 = T.axis.spatial(16, i3)
                T.reads()
                T.writes(C[ax0, ax1, ax2, ax3])
                T.sblock_attr({"meta_schedule.random_compute_producer": 1})
                C[ax0, ax1, ax2, ax3] = T.int8(-128)
            for i4_i5_fused_1 in range(1):
                with T.sblock("C_update"):
                    vi4_i5_fused_1 = T.axis.reduce(1, i4_i5_fused_1)
                    ax0 = T.axis.spatial(1, 0)
                    ax1 = T.axis.spatial(8, i0_i1_i2_fused // 8)
                    ax2 = T.axis.spatial(8, i0_i1_i2_fused % 8)
                    ax3 = T.axis.spatial(16, i3)
                    T.reads(C[ax0, ax1, ax2, ax3], C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
                    T.writes(C[ax0, ax1, ax2, ax3])
                    T.sblock_attr({"meta_schedule.random_compute_producer": 1})
                    C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], C_rf[ax0, ax1, ax2, ax3, vi4_i5_fused_1])
