# kernel: kernels/dl_transpose.py; TVM 0.27's print of it scheduled by dlight_transpose.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_transpose(fc1_weight: T.Buffer((T.int64(512), T.int64(256)), "float32"), T_transpose: T.Buffer((T.int64(256), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 2, "tirx.noalias": True})
    # with T.sblock("root"):
    fc1_weight_shared = T.sblock_alloc_buffer((T.int64(512), T.int64(256)), scope="shared")
    for ax0_0_0 in T.thread_binding(T.int64(32), thread="blockIdx.y", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
        for ax1_0 in T.thread_binding(T.int64(32), thread="blockIdx.x"):
            for ax0_ax1_fused_0 in range(T.int64(1)):
                for ax0_ax1_fused_1 in T.thread_binding(T.int64(8), thread="threadIdx.y"):
                    for ax0_ax1_fused_2 in T.thread_binding(T.int64(16), thread="threadIdx.x"):
                        for ax0_ax1_fused_3 in T.unroll(T.int64(1)):
                            with T.sblock("fc1_weight_shared"):
                                v0 = T.axis.spatial(T.int64(512), ax1_0 * T.int64(16) + (ax0_ax1_fused_0 * T.int64(128) + ax0_ax1_fused_1 * T.int64(16) + ax0_ax1_fused_2 + ax0_ax1_fused_3) // T.int64(8))
                                v1 = T.axis.spatial(T.int64(256), ax0_0_0 * T.int64(8) + (ax0_ax1_fused_0 * T.int64(128) + ax0_ax1_fused_1 * T.int64(16) + ax0_ax1_fused_2 + ax0_ax1_fused_3) % T.int64(8))
                                T.reads(fc1_weight[v0, v1])
                                T.writes(fc1_weight_shared[v0, v1])
                                T.sblock_attr({"buffer_dim_align": [[0, 0, 32, 1]]})
                                fc1_weight_shared[v0, v1] = fc1_weight[v0, v1]
            for ax0_0_1 in T.thread_binding(T.int64(8), thread="threadIdx.y"):
                for ax1_1 in T.thread_binding(T.int64(16), thread="threadIdx.x"):
                    for ax0_1_0, ax0_1_1 in T.grid(T.int64(1), T.int64(1)):
                        with T.sblock("T_transpose"):
                            v0 = T.axis.spatial(T.int64(256), ax0_0_0 * T.int64(8) + ax0_0_1 + ax0_1_0 + ax0_1_1)
                            v1 = T.axis.spatial(T.int64(512), ax1_0 * T.int64(16) + ax1_1)
                            T.reads(fc1_weight_shared[v1, v0])
                            T.writes(T_transpose[v0, v1])
                            T_transpose[v0, v1] = fc1_weight_shared[v1, v0]
