# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by ms_cuda_matmul.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    C_local = T.sblock_alloc_buffer((128, 128), scope="local")
    A_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    B_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    for i_0_j_0_fused in T.thread_binding(2, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for i_1_j_1_fused in T.thread_binding(8, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(128, thread="threadIdx.x"):
                for i_3_init, j_3_init, i_4_init, j_4_init in T.grid(2, 4, 1, 1):
                    with T.sblock("C_init"):
                        vi = T.axis.spatial(128, i_2_j_2_fused // 2 * 2 + i_3_init + i_4_init)
                        vj = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1_j_1_fused * 8 + i_2_j_2_fused % 2 * 4 + j_3_init + j_4_init)
                        T.reads()
                        T.writes(C_local[vi, vj])
                        T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        C_local[vi, vj] = T.float32(0.0)
                for k_0 in range(16):
                    for ax0_ax1_fused_0 in range(2):
                        for ax0_ax1_fused_1 in T.thread_binding(128, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(4):
                                with T.sblock("A_shared"):
                                    v0 = T.axis.spatial(128, (ax0_ax1_fused_0 * 512 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) // 8)
                                    v1 = T.axis.spatial(128, k_0 * 8 + (ax0_ax1_fused_0 * 512 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) % 8)
                                    T.reads(A[v0, v1])
                                    T.writes(A_shared[v0, v1])
                                    A_shared[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused_0 in range(2):
                        for ax0_ax1_fused_1 in T.thread_binding(128, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(2):
                                with T.sblock("B_shared"):
                                    v0 = T.axis.spatial(128, k_0 * 8 + (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 2 + ax0_ax1_fused_2) // 64)
                                    v1 = T.axis.spatial(128, i_0_j_0_fused * 64 + (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 2 + ax0_ax1_fused_2) % 64)
                                    T.reads(B[v0, v1])
                                    T.writes(B_shared[v0, v1])
                                    B_shared[v0, v1] = B[v0, v1]
                    for k_1, i_3, j_3, k_2, i_4, j_4 in T.grid(4, 2, 4, 2, 1, 1):
                        with T.sblock("C_update"):
                            vi = T.axis.spatial(128, i_2_j_2_fused // 2 * 2 + i_3 + i_4)
                            vj = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1_j_1_fused * 8 + i_2_j_2_fused % 2 * 4 + j_3 + j_4)
                            vk = T.axis.reduce(128, k_0 * 8 + k_1 * 2 + k_2)
                            T.reads(C_local[vi, vj], A_shared[vi, vk], B_shared[vk, vj])
                            T.writes(C_local[vi, vj])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            C_local[vi, vj] = C_local[vi, vj] + A_shared[vi, vk] * B_shared[vk, vj]
                for ax0, ax1 in T.grid(2, 4):
                    with T.sblock("C_local"):
                        v0 = T.axis.spatial(128, i_2_j_2_fused // 2 * 2 + ax0)
                        v1 = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1_j_1_fused * 8 + i_2_j_2_fused % 2 * 4 + ax1)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]
