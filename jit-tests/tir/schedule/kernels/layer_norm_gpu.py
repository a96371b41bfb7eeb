# A kernel for schedule tests, from TVM's test_tir_schedule_compute_inline.py (test_reverse_compute_inline_layer_norm).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def before(p_lv6: T.handle, weight1: T.Buffer((T.int64(2560),), "float32"), bias: T.Buffer((T.int64(2560),), "float32"), p_output0: T.handle):
    T.func_attr({"tir.noalias": True})
    n = T.int64()
    lv6 = T.match_buffer(p_lv6, (T.int64(1), n, T.int64(2560)))
    var_compute_intermediate = T.match_buffer(p_output0, (T.int64(1), n, T.int64(2560)), "float16")
    A_red_temp_v0_shared = T.sblock_alloc_buffer((T.int64(1), n), scope="shared")
    A_red_temp_v1_shared = T.sblock_alloc_buffer((T.int64(1), n), scope="shared")
    var_T_layer_norm_intermediate = T.sblock_alloc_buffer((T.int64(1), n, T.int64(2560)))
    for ax0_ax1_fused in T.thread_binding(n, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
        for ax0, ax1, ax2_0 in T.grid(T.int64(1), T.int64(1), T.int64(10)):
            for ax2_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                with T.sblock("A_red_temp"):
                    v_ax0 = T.axis.spatial(T.int64(1), ax0)
                    v_ax1 = T.axis.spatial(n, ax0_ax1_fused + ax1)
                    v_k2 = T.axis.reduce(T.int64(2560), ax2_0 * T.int64(256) + ax2_1)
                    T.reads(lv6[v_ax0, v_ax1, v_k2])
                    T.writes(A_red_temp_v0_shared[v_ax0, v_ax1], A_red_temp_v1_shared[v_ax0, v_ax1])
                    with T.init():
                        A_red_temp_v0_shared[v_ax0, v_ax1] = T.float32(0)
                        A_red_temp_v1_shared[v_ax0, v_ax1] = T.float32(0)
                    v_A_red_temp_v0: T.float32 = A_red_temp_v0_shared[v_ax0, v_ax1] + lv6[v_ax0, v_ax1, v_k2]
                    v_A_red_temp_v1: T.float32 = A_red_temp_v1_shared[v_ax0, v_ax1] + lv6[v_ax0, v_ax1, v_k2] * lv6[v_ax0, v_ax1, v_k2]
                    A_red_temp_v0_shared[v_ax0, v_ax1] = v_A_red_temp_v0
                    A_red_temp_v1_shared[v_ax0, v_ax1] = v_A_red_temp_v1
        for ax2_0 in range(T.int64(10)):
            for ax2_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                with T.sblock("T_layer_norm"):
                    v_ax0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v_ax1 = T.axis.spatial(n, ax0_ax1_fused)
                    v_ax2 = T.axis.spatial(T.int64(2560), ax2_0 * T.int64(256) + ax2_1)
                    T.reads(lv6[v_ax0, v_ax1, v_ax2], A_red_temp_v0_shared[v_ax0, v_ax1], A_red_temp_v1_shared[v_ax0, v_ax1], weight1[v_ax2], bias[v_ax2])
                    T.writes(var_T_layer_norm_intermediate[v_ax0, v_ax1, v_ax2])
                    var_T_layer_norm_intermediate[v_ax0, v_ax1, v_ax2] = (lv6[v_ax0, v_ax1, v_ax2] - A_red_temp_v0_shared[v_ax0, v_ax1] * T.float32(0.00039062500000000002)) * T.rsqrt(A_red_temp_v1_shared[v_ax0, v_ax1] * T.float32(0.00039062500000000002) - A_red_temp_v0_shared[v_ax0, v_ax1] * T.float32(0.00039062500000000002) * (A_red_temp_v0_shared[v_ax0, v_ax1] * T.float32(0.00039062500000000002)) + T.float32(1.0000000000000001e-05)) * weight1[v_ax2] + bias[v_ax2]
    for i0, i1, i2 in T.grid(T.int64(1), n, T.int64(2560)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(var_T_layer_norm_intermediate[v_i0, v_i1, v_i2])
            T.writes(var_compute_intermediate[v_i0, v_i1, v_i2])
            var_compute_intermediate[v_i0, v_i1, v_i2] = T.Cast("float16", var_T_layer_norm_intermediate[v_i0, v_i1, v_i2])
