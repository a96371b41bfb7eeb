# kernel: kernels/dl_layer_norm.py; TVM 0.27's print of it scheduled by dlight_layer_norm.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_layer_norm(relu: T.Buffer((T.int64(1), T.int64(768)), "float32"), norm_weight: T.Buffer((T.int64(768),), "float32"), norm_bias: T.Buffer((T.int64(768),), "float32"), T_layer_norm: T.Buffer((T.int64(1), T.int64(768)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    relu_sum_shared = T.sblock_alloc_buffer((T.int64(1),), scope="shared")
    relu_var_sum_shared = T.sblock_alloc_buffer((T.int64(1),), scope="shared")
    for ax0_fused in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(3), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("relu_sum"):
                        v0 = T.axis.spatial(T.int64(1), ax0)
                        v1 = T.axis.reduce(T.int64(768), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.reads(relu[T.int64(0), v1])
                        T.writes(relu_sum_shared[T.int64(0)])
                        with T.init():
                            relu_sum_shared[T.int64(0)] = T.float32(0.0)
                        relu_sum_shared[T.int64(0)] = relu_sum_shared[T.int64(0)] + relu[T.int64(0), v1]
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(3), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("relu_var_sum"):
                        v0 = T.axis.spatial(T.int64(1), ax0)
                        v1 = T.axis.reduce(T.int64(768), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.reads(relu[T.int64(0), v1], relu_sum_shared[T.int64(0)])
                        T.writes(relu_var_sum_shared[T.int64(0)])
                        with T.init():
                            relu_var_sum_shared[T.int64(0)] = T.float32(0.0)
                        relu_var_sum_shared[T.int64(0)] = relu_var_sum_shared[T.int64(0)] + (relu[T.int64(0), v1] - relu_sum_shared[T.int64(0)] / T.float32(768.0)) * (relu[T.int64(0), v1] - relu_sum_shared[T.int64(0)] / T.float32(768.0))
        for ax1_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            for ax1_0 in T.serial(T.int64(3), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_layer_norm"):
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v1 = T.axis.spatial(T.int64(768), ax1_0 * T.int64(256) + ax1_1)
                    T.reads(relu[T.int64(0), v1], relu_sum_shared[T.int64(0)], relu_var_sum_shared[T.int64(0)], norm_weight[v1], norm_bias[v1])
                    T.writes(T_layer_norm[T.int64(0), v1])
                    T_layer_norm[T.int64(0), v1] = (relu[T.int64(0), v1] - relu_sum_shared[T.int64(0)] / T.float32(768.0)) * T.rsqrt(relu_var_sum_shared[T.int64(0)] / T.float32(768.0) + T.float32(1.0000000000000001e-05)) * norm_weight[v1] + norm_bias[v1]
