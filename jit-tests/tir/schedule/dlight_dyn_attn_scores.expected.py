# kernel: kernels/dl_dyn_attn_scores.py; TVM 0.27's print of it scheduled by dlight_dyn_attn_scores.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_attn_scores(q: T.Buffer((T.int64(1), T.int64(4), n, T.int64(16)), "float32"), permute_dims: T.Buffer((T.int64(1), T.int64(4), T.int64(16), n), "float32"), T_multiply_intermediate: T.Buffer((T.int64(1), T.int64(4), n, n), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    matmul_intermediate_reindex_pad_local = T.sblock_alloc_buffer((T.int64(4), (n + T.int64(31)) // T.int64(32) * T.int64(32), (n + T.int64(63)) // T.int64(64) * T.int64(64)), scope="local")
    q_reindex_pad_shared = T.sblock_alloc_buffer((T.int64(4), (n + T.int64(31)) // T.int64(32) * T.int64(32), T.int64(16)), scope="shared")
    permute_dims_reindex_pad_shared = T.sblock_alloc_buffer((T.int64(4), (n + T.int64(63)) // T.int64(64) * T.int64(64), T.int64(16)), scope="shared")
    for ax0_ax2_0_fused in T.thread_binding((n + T.int64(63)) // T.int64(64) * T.int64(4), thread="blockIdx.y"):
        for ax1_0 in T.thread_binding((n + T.int64(31)) // T.int64(32), thread="blockIdx.x"):
            for ax2_1 in T.thread_binding(T.int64(1), thread="vthread.y"):
                for ax1_1 in T.thread_binding(T.int64(1), thread="vthread.x"):
                    for ax2_2 in T.thread_binding(T.int64(16), thread="threadIdx.y"):
                        for ax1_2 in T.thread_binding(T.int64(8), thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                            for ax1_3_init, ax2_3_0_init in T.grid(T.int64(4), T.int64(2)):
                                for ax2_3_1_init in T.vectorized(T.int64(2)):
                                    with T.sblock("matmul_init"):
                                        v0 = T.axis.spatial(T.int64(4), ax0_ax2_0_fused // ((n + T.int64(63)) // T.int64(64)))
                                        v1 = T.axis.spatial((n + T.int64(31)) // T.int64(32) * T.int64(32), ax1_0 * T.int64(32) + ax1_1 * T.int64(32) + ax1_2 * T.int64(4) + ax1_3_init)
                                        v2 = T.axis.spatial((n + T.int64(63)) // T.int64(64) * T.int64(64), ax0_ax2_0_fused % ((n + T.int64(63)) // T.int64(64)) * T.int64(64) + ax2_1 * T.int64(64) + ax2_2 * T.int64(4) + ax2_3_0_init * T.int64(2) + ax2_3_1_init)
                                        T.reads()
                                        T.writes(matmul_intermediate_reindex_pad_local[v0, v1, v2])
                                        matmul_intermediate_reindex_pad_local[v0, v1, v2] = T.float32(0.0)
                            for ax3_0 in range(T.int64(1)):
                                for ax0_ax1_ax2_fused_0 in T.thread_binding(T.int64(16), thread="threadIdx.y"):
                                    for ax0_ax1_ax2_fused_1 in T.thread_binding(T.int64(8), thread="threadIdx.x"):
                                        for ax0_ax1_ax2_fused_2 in range(T.int64(2)):
                                            for ax0_ax1_ax2_fused_3 in T.vectorized(T.int64(2)):
                                                with T.sblock("q_reindex_pad_shared"):
                                                    v0 = T.axis.spatial(T.int64(4), ax0_ax2_0_fused // ((n + T.int64(63)) // T.int64(64)))
                                                    v1 = T.axis.spatial((n + T.int64(31)) // T.int64(32) * T.int64(32), ax1_0 * T.int64(32) + (ax0_ax1_ax2_fused_0 * T.int64(32) + ax0_ax1_ax2_fused_1 * T.int64(4) + ax0_ax1_ax2_fused_2 * T.int64(2) + ax0_ax1_ax2_fused_3) // T.int64(16))
                                                    v2 = T.axis.spatial(T.int64(16), (ax0_ax1_ax2_fused_0 * T.int64(32) + ax0_ax1_ax2_fused_1 * T.int64(4) + ax0_ax1_ax2_fused_2 * T.int64(2) + ax0_ax1_ax2_fused_3) % T.int64(16))
                                                    T.reads(q[T.int64(0), v0, v1, v2])
                                                    T.writes(q_reindex_pad_shared[v0, v1, v2])
                                                    T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})
                                                    q_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < n, q[T.int64(0), v0, v1, v2], T.float32(0.0))
                                for ax0_ax1_ax2_fused_0 in T.thread_binding(T.int64(16), thread="threadIdx.y"):
                                    for ax0_ax1_ax2_fused_1 in T.thread_binding(T.int64(8), thread="threadIdx.x"):
                                        for ax0_ax1_ax2_fused_2 in range(T.int64(4)):
                                            for ax0_ax1_ax2_fused_3 in T.vectorized(T.int64(2)):
                                                with T.sblock("permute_dims_reindex_pad_shared"):
                                                    v0 = T.axis.spatial(T.int64(4), ax0_ax2_0_fused // ((n + T.int64(63)) // T.int64(64)))
                                                    v1 = T.axis.spatial((n + T.int64(63)) // T.int64(64) * T.int64(64), ax0_ax2_0_fused % ((n + T.int64(63)) // T.int64(64)) * T.int64(64) + (ax0_ax1_ax2_fused_0 * T.int64(64) + ax0_ax1_ax2_fused_1 * T.int64(8) + ax0_ax1_ax2_fused_2 * T.int64(2) + ax0_ax1_ax2_fused_3) // T.int64(16))
                                                    v2 = T.axis.spatial(T.int64(16), (ax0_ax1_ax2_fused_0 * T.int64(64) + ax0_ax1_ax2_fused_1 * T.int64(8) + ax0_ax1_ax2_fused_2 * T.int64(2) + ax0_ax1_ax2_fused_3) % T.int64(16))
                                                    T.reads(permute_dims[T.int64(0), v0, v2, v1])
                                                    T.writes(permute_dims_reindex_pad_shared[v0, v1, v2])
                                                    T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})
                                                    permute_dims_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < n, permute_dims[T.int64(0), v0, v2, v1], T.float32(0.0))
                                for ax3_1, ax1_3, ax2_3_0 in T.grid(T.int64(16), T.int64(4), T.int64(2)):
                                    for ax2_3_1 in T.vectorized(T.int64(2)):
                                        with T.sblock("matmul_update"):
                                            v0 = T.axis.spatial(T.int64(4), ax0_ax2_0_fused // ((n + T.int64(63)) // T.int64(64)))
                                            v1 = T.axis.spatial((n + T.int64(31)) // T.int64(32) * T.int64(32), ax1_0 * T.int64(32) + ax1_1 * T.int64(32) + ax1_2 * T.int64(4) + ax1_3)
                                            v2 = T.axis.spatial((n + T.int64(63)) // T.int64(64) * T.int64(64), ax0_ax2_0_fused % ((n + T.int64(63)) // T.int64(64)) * T.int64(64) + ax2_1 * T.int64(64) + ax2_2 * T.int64(4) + ax2_3_0 * T.int64(2) + ax2_3_1)
                                            v3 = T.axis.reduce(T.int64(16), ax3_0 * T.int64(16) + ax3_1)
                                            T.reads(matmul_intermediate_reindex_pad_local[v0, v1, v2], q_reindex_pad_shared[v0, v1, v3], permute_dims_reindex_pad_shared[v0, v2, v3])
                                            T.writes(matmul_intermediate_reindex_pad_local[v0, v1, v2])
                                            matmul_intermediate_reindex_pad_local[v0, v1, v2] = matmul_intermediate_reindex_pad_local[v0, v1, v2] + q_reindex_pad_shared[v0, v1, v3] * permute_dims_reindex_pad_shared[v0, v2, v3]
                            for ax0, ax1, ax2_0 in T.grid(T.int64(1), T.int64(4), T.int64(2)):
                                for ax2_1_1 in T.vectorized(T.int64(2)):
                                    with T.sblock("matmul_intermediate_reindex_pad_local"):
                                        v0 = T.axis.spatial(T.int64(4), ax0_ax2_0_fused // ((n + T.int64(63)) // T.int64(64)) + ax0)
                                        v1 = T.axis.spatial((n + T.int64(31)) // T.int64(32) * T.int64(32), ax1_0 * T.int64(32) + ax1_2 * T.int64(4) + ax1)
                                        v2 = T.axis.spatial((n + T.int64(63)) // T.int64(64) * T.int64(64), ax0_ax2_0_fused % ((n + T.int64(63)) // T.int64(64)) * T.int64(64) + ax2_2 * T.int64(4) + ax2_0 * T.int64(2) + ax2_1_1)
                                        T.where(ax1_0 * T.int64(32) + ax1_2 * T.int64(4) + ax1 < n and ax0_ax2_0_fused % ((n + T.int64(63)) // T.int64(64)) * T.int64(64) + ax2_2 * T.int64(4) + ax2_0 * T.int64(2) + ax2_1_1 < n)
                                        T.reads(matmul_intermediate_reindex_pad_local[v0, v1, v2])
                                        T.writes(T_multiply_intermediate[T.int64(0), v0, v1, v2])
                                        T_multiply_intermediate[T.int64(0), v0, v1, v2] = matmul_intermediate_reindex_pad_local[v0, v1, v2] * T.float32(0.125)
