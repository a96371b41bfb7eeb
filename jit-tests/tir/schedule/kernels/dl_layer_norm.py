# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_layer_norm(relu: T.Buffer((T.int64(1), T.int64(768)), "float32"), norm_weight: T.Buffer((T.int64(768),), "float32"), norm_bias: T.Buffer((T.int64(768),), "float32"), T_layer_norm: T.Buffer((T.int64(1), T.int64(768)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    relu_sum = T.sblock_alloc_buffer((T.int64(1),))
    relu_mean = T.sblock_alloc_buffer((T.int64(1),))
    relu_var_sum = T.sblock_alloc_buffer((T.int64(1),))
    for ax0, k1 in T.grid(T.int64(1), T.int64(768)):
        with T.sblock("relu_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(relu[v_ax0, v_k1])
            T.writes(relu_sum[v_ax0])
            with T.init():
                relu_sum[v_ax0] = T.float32(0.0)
            relu_sum[v_ax0] = relu_sum[v_ax0] + relu[v_ax0, v_k1]
    for ax0 in range(T.int64(1)):
        with T.sblock("relu_mean"):
            v_ax0 = T.axis.spatial(T.int64(1), ax0)
            T.reads(relu_sum[v_ax0])
            T.writes(relu_mean[v_ax0])
            relu_mean[v_ax0] = relu_sum[v_ax0] / T.float32(768.0)
    for ax0, k1 in T.grid(T.int64(1), T.int64(768)):
        with T.sblock("relu_var_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(relu[v_ax0, v_k1], relu_mean[v_ax0])
            T.writes(relu_var_sum[v_ax0])
            with T.init():
                relu_var_sum[v_ax0] = T.float32(0.0)
            relu_var_sum[v_ax0] = relu_var_sum[v_ax0] + (relu[v_ax0, v_k1] - relu_mean[v_ax0]) * (relu[v_ax0, v_k1] - relu_mean[v_ax0])
    for ax0, ax1 in T.grid(T.int64(1), T.int64(768)):
        with T.sblock("T_layer_norm"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(relu[v_ax0, v_ax1], relu_mean[v_ax0], relu_var_sum[v_ax0], norm_weight[v_ax1], norm_bias[v_ax1])
            T.writes(T_layer_norm[v_ax0, v_ax1])
            T_layer_norm[v_ax0, v_ax1] = (relu[v_ax0, v_ax1] - relu_mean[v_ax0]) * T.rsqrt(relu_var_sum[v_ax0] / T.float32(768.0) + T.float32(1.0000000000000001e-05)) * norm_weight[v_ax1] + norm_bias[v_ax1]
