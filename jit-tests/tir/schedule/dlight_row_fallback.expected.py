# kernel: kernels/dl_row_matmul_relu.py; TVM 0.27's print of it scheduled by dlight_row_fallback.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_row_matmul_relu(x: T.Buffer((T.int64(1), T.int64(768)), "float32"), permute_dims: T.Buffer((T.int64(768), T.int64(768)), "float32"), fc1_bias: T.Buffer((T.int64(768),), "float32"), compute_intermediate: T.Buffer((T.int64(1), T.int64(768)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    matmul_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(768)))
    for ax0_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
            with T.sblock("matmul_init"):
                v0 = T.axis.spatial(T.int64(768), ax0_fused_0 * T.int64(1024) + ax0_fused_1)
                T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(768))
                T.reads()
                T.writes(matmul_intermediate[T.int64(0), v0])
                matmul_intermediate[T.int64(0), v0] = T.float32(0.0)
            for ax1 in range(T.int64(768)):
                with T.sblock("matmul_update"):
                    v0 = T.axis.spatial(T.int64(768), ax0_fused_0 * T.int64(1024) + ax0_fused_1)
                    v1 = T.axis.reduce(T.int64(768), ax1)
                    T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(768))
                    T.reads(matmul_intermediate[T.int64(0), v0], x[T.int64(0), v1], permute_dims[v1, v0])
                    T.writes(matmul_intermediate[T.int64(0), v0])
                    matmul_intermediate[T.int64(0), v0] = matmul_intermediate[T.int64(0), v0] + x[T.int64(0), v1] * permute_dims[v1, v0]
    for ax0_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
            with T.sblock("compute"):
                v0 = T.axis.spatial(T.int64(768), ax0_fused_0 * T.int64(1024) + ax0_fused_1)
                T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(768))
                T.reads(matmul_intermediate[T.int64(0), v0], fc1_bias[v0])
                T.writes(compute_intermediate[T.int64(0), v0])
                compute_intermediate[T.int64(0), v0] = T.max(matmul_intermediate[T.int64(0), v0] + fc1_bias[v0], T.float32(0.0))
