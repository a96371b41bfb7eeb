# kernel: kernels/mm_clip_scalars.py; TVM 0.27's print of it scheduled by ms_cuda_mm_clip.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm_clip_scalars(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32"), D: T.Buffer((8, 8), "float32"), E: T.Buffer((8, 8), "float32"), F: T.Buffer((8, 8), "float32"), lower: T.float32, upper: T.float32):
    # with T.sblock("root"):
    temp3_local = T.sblock_alloc_buffer((8, 8), scope="local")
    A_shared = T.sblock_alloc_buffer((8, 8), scope="shared")
    B_shared = T.sblock_alloc_buffer((8, 8), scope="shared")
    temp2_local = T.sblock_alloc_buffer((8, 8), scope="local")
    A_shared_1 = T.sblock_alloc_buffer((8, 8), scope="shared")
    B_shared_1 = T.sblock_alloc_buffer((8, 8), scope="shared")
    temp_local = T.sblock_alloc_buffer((8, 8), scope="local")
    A_shared_2 = T.sblock_alloc_buffer((8, 8), scope="shared")
    B_shared_2 = T.sblock_alloc_buffer((8, 8), scope="shared")
    for i_0_j_0_fused in T.thread_binding(1, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
        for i_1_j_1_fused in T.thread_binding(8, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(1, thread="threadIdx.x"):
                for i_3_init, j_3_init, i_4_init, j_4_init in T.grid(8, 1, 1, 1):
                    with T.sblock("matmul_init"):
                        vi = T.axis.spatial(8, i_3_init + i_4_init)
                        vj = T.axis.spatial(8, i_1_j_1_fused + j_3_init + j_4_init)
                        T.reads()
                        T.writes(temp_local[vi, vj])
                        T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        temp_local[vi, vj] = T.float32(0.0)
                for k_0 in range(8):
                    for ax0_ax1_fused_0 in range(8):
                        for ax0_ax1_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
                            with T.sblock("A_shared"):
                                v0 = T.axis.spatial(8, ax0_ax1_fused_0 + ax0_ax1_fused_1)
                                v1 = T.axis.spatial(8, k_0)
                                T.reads(A[v0, v1])
                                T.writes(A_shared_2[v0, v1])
                                A_shared_2[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused_0 in range(4):
                        for ax0_ax1_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(2):
                                with T.sblock("B_shared"):
                                    v0 = T.axis.spatial(8, ax0_ax1_fused_0 * 2 + ax0_ax1_fused_1 * 2 + ax0_ax1_fused_2)
                                    v1 = T.axis.spatial(8, k_0)
                                    T.reads(B[v0, v1])
                                    T.writes(B_shared_2[v0, v1])
                                    B_shared_2[v0, v1] = B[v0, v1]
                    for k_1, i_3, j_3, k_2, i_4, j_4 in T.grid(1, 8, 1, 1, 1, 1):
                        with T.sblock("matmul_update"):
                            vi = T.axis.spatial(8, i_3 + i_4)
                            vj = T.axis.spatial(8, i_1_j_1_fused + j_3 + j_4)
                            vk = T.axis.reduce(8, k_0 + k_1 + k_2)
                            T.reads(temp_local[vi, vj], A_shared_2[vi, vk], B_shared_2[vj, vk])
                            T.writes(temp_local[vi, vj])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            temp_local[vi, vj] = temp_local[vi, vj] + A_shared_2[vi, vk] * B_shared_2[vj, vk]
                for ax0, ax1 in T.grid(8, 1):
                    with T.sblock("temp_local"):
                        v0 = T.axis.spatial(8, ax0)
                        v1 = T.axis.spatial(8, i_1_j_1_fused + ax1)
                        T.reads(temp_local[v0, v1])
                        T.writes(D[v0, v1])
                        D[v0, v1] = T.min(upper, T.max(temp_local[v0, v1], lower))
    for i_0_j_0_fused in T.thread_binding(2, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
        for i_1_j_1_fused in T.thread_binding(1, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(2, thread="threadIdx.x"):
                for i_3_init, j_3_init, i_4_init, j_4_init in T.grid(8, 2, 1, 1):
                    with T.sblock("matmul2_init"):
                        vi = T.axis.spatial(8, i_3_init + i_4_init)
                        vj = T.axis.spatial(8, i_0_j_0_fused * 4 + i_2_j_2_fused * 2 + j_3_init + j_4_init)
                        T.reads()
                        T.writes(temp2_local[vi, vj])
                        T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        temp2_local[vi, vj] = T.float32(0.0)
                for k_0 in range(2):
                    for ax0_ax1_fused_0 in range(4):
                        for ax0_ax1_fused_1 in T.thread_binding(2, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(4):
                                with T.sblock("A_shared"):
                                    v0 = T.axis.spatial(8, (ax0_ax1_fused_0 * 8 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) // 4)
                                    v1 = T.axis.spatial(8, k_0 * 4 + (ax0_ax1_fused_0 * 8 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) % 4)
                                    T.reads(A[v0, v1])
                                    T.writes(A_shared_1[v0, v1])
                                    A_shared_1[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused_0 in range(8):
                        for ax0_ax1_fused_1 in T.thread_binding(2, thread="threadIdx.x"):
                            with T.sblock("B_shared"):
                                v0 = T.axis.spatial(8, i_0_j_0_fused * 4 + (ax0_ax1_fused_0 * 2 + ax0_ax1_fused_1) // 4)
                                v1 = T.axis.spatial(8, k_0 * 4 + (ax0_ax1_fused_0 * 2 + ax0_ax1_fused_1) % 4)
                                T.reads(B[v0, v1])
                                T.writes(B_shared_1[v0, v1])
                                B_shared_1[v0, v1] = B[v0, v1]
                    for k_1, i_3, j_3, k_2, i_4, j_4 in T.grid(1, 8, 2, 4, 1, 1):
                        with T.sblock("matmul2_update"):
                            vi = T.axis.spatial(8, i_3 + i_4)
                            vj = T.axis.spatial(8, i_0_j_0_fused * 4 + i_2_j_2_fused * 2 + j_3 + j_4)
                            vk = T.axis.reduce(8, k_0 * 4 + k_1 * 4 + k_2)
                            T.reads(temp2_local[vi, vj], A_shared_1[vi, vk], B_shared_1[vj, vk])
                            T.writes(temp2_local[vi, vj])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            temp2_local[vi, vj] = temp2_local[vi, vj] + A_shared_1[vi, vk] * B_shared_1[vj, vk]
                for ax0, ax1 in T.grid(8, 2):
                    with T.sblock("temp2_local"):
                        v0 = T.axis.spatial(8, ax0)
                        v1 = T.axis.spatial(8, i_0_j_0_fused * 4 + i_2_j_2_fused * 2 + ax1)
                        T.reads(temp2_local[v0, v1])
                        T.writes(E[v0, v1])
                        E[v0, v1] = T.max(lower, T.min(temp2_local[v0, v1], upper))
    for i_0_j_0_fused in T.thread_binding(1, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
        for i_1_j_1_fused in T.thread_binding(8, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(8, thread="threadIdx.x"):
                for i_3_init, j_3_init, i_4_init, j_4_init in T.grid(1, 1, 1, 1):
                    with T.sblock("matmul3_init"):
                        vi = T.axis.spatial(8, i_2_j_2_fused + i_3_init + i_4_init)
                        vj = T.axis.spatial(8, i_1_j_1_fused + j_3_init + j_4_init)
                        T.reads()
                        T.writes(temp3_local[vi, vj])
                        T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        temp3_local[vi, vj] = T.float32(0.0)
                for k_0 in range(4):
                    for ax0_ax1_fused_0 in range(1):
                        for ax0_ax1_fused_1 in T.thread_binding(8, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(4):
                                with T.sblock("A_shared"):
                                    v0 = T.axis.spatial(8, (ax0_ax1_fused_0 * 32 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) // 2)
                                    v1 = T.axis.spatial(8, k_0 * 2 + (ax0_ax1_fused_0 * 32 + ax0_ax1_fused_1 * 4 + ax0_ax1_fused_2) % 2)
                                    T.where((ax0_ax1_fused_0 * 8 + ax0_ax1_fused_1) * 4 + ax0_ax1_fused_2 < 16)
                                    T.reads(A[v0, v1])
                                    T.writes(A_shared[v0, v1])
                                    A_shared[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused_0 in range(1):
                        for ax0_ax1_fused_1 in T.thread_binding(8, thread="threadIdx.x"):
                            for ax0_ax1_fused_2 in T.vectorized(2):
                                with T.sblock("B_shared"):
                                    v0 = T.axis.spatial(8, (ax0_ax1_fused_0 * 16 + ax0_ax1_fused_1 * 2 + ax0_ax1_fused_2) // 2)
                                    v1 = T.axis.spatial(8, k_0 * 2 + (ax0_ax1_fused_0 * 16 + ax0_ax1_fused_1 * 2 + ax0_ax1_fused_2) % 2)
                                    T.reads(B[v0, v1])
                                    T.writes(B_shared[v0, v1])
                                    B_shared[v0, v1] = B[v0, v1]
                    for k_1, i_3, j_3, k_2, i_4, j_4 in T.grid(2, 1, 1, 1, 1, 1):
                        with T.sblock("matmul3_update"):
                            vi = T.axis.spatial(8, i_2_j_2_fused + i_3 + i_4)
                            vj = T.axis.spatial(8, i_1_j_1_fused + j_3 + j_4)
                            vk = T.axis.reduce(8, k_0 * 2 + k_1 + k_2)
                            T.reads(temp3_local[vi, vj], A_shared[vi, vk], B_shared[vj, vk])
                            T.writes(temp3_local[vi, vj])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 1, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            temp3_local[vi, vj] = temp3_local[vi, vj] + A_shared[vi, vk] * B_shared[vj, vk]
                for ax0, ax1 in T.grid(1, 1):
                    with T.sblock("temp3_local"):
                        v0 = T.axis.spatial(8, i_2_j_2_fused + ax0)
                        v1 = T.axis.spatial(8, i_1_j_1_fused + ax1)
                        T.reads(temp3_local[v0, v1])
                        T.writes(F[v0, v1])
                        F[v0, v1] = T.min(T.min(temp3_local[v0, v1], lower), upper)
