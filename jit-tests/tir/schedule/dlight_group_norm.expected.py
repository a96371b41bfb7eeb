# kernel: kernels/dl_group_norm.py; TVM 0.27's print of it scheduled by dlight_group_norm.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_group_norm(x: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32"), gn_weight: T.Buffer((T.int64(64),), "float32"), gn_bias: T.Buffer((T.int64(64),), "float32"), T_reshape: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    x_red_temp_v0_shared = T.sblock_alloc_buffer((T.int64(2), T.int64(4)), scope="shared")
    x_red_temp_v1_shared = T.sblock_alloc_buffer((T.int64(2), T.int64(4)), scope="shared")
    for ax0_ax1_fused in T.thread_binding(T.int64(2), thread="blockIdx.x"):
        for ax0, ax1 in T.grid(T.int64(1), T.int64(4)):
            for ax2_ax3_ax4_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax2_ax3_ax4_fused_0 in T.serial(T.int64(4), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("x_red_temp"):
                        v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused + ax0)
                        v1 = T.axis.spatial(T.int64(4), ax1)
                        v2 = T.axis.reduce(T.int64(16), (ax2_ax3_ax4_fused_0 * T.int64(256) + ax2_ax3_ax4_fused_1) // T.int64(64))
                        v3 = T.axis.reduce(T.int64(8), (ax2_ax3_ax4_fused_0 * T.int64(256) + ax2_ax3_ax4_fused_1) % T.int64(64) // T.int64(8))
                        v4 = T.axis.reduce(T.int64(8), (ax2_ax3_ax4_fused_0 * T.int64(256) + ax2_ax3_ax4_fused_1) % T.int64(8))
                        T.reads(x[v0, v1 * T.int64(16) + v2, v3, v4])
                        T.writes(x_red_temp_v0_shared[v0, v1], x_red_temp_v1_shared[v0, v1])
                        with T.init():
                            x_red_temp_v0_shared[v0, v1] = T.float32(0.0)
                            x_red_temp_v1_shared[v0, v1] = T.float32(0.0)
                        v_x_red_temp_v0: T.let[T.float32] = x_red_temp_v0_shared[v0, v1] + x[v0, v1 * T.int64(16) + v2, v3, v4]
                        v_x_red_temp_v1: T.let[T.float32] = x_red_temp_v1_shared[v0, v1] + x[v0, v1 * T.int64(16) + v2, v3, v4] * x[v0, v1 * T.int64(16) + v2, v3, v4]
                        x_red_temp_v0_shared[v0, v1] = v_x_red_temp_v0
                        x_red_temp_v1_shared[v0, v1] = v_x_red_temp_v1
        for ax2, ax3 in T.grid(T.int64(64), T.int64(8)):
            for ax4_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax4_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_reshape_3"):
                        v0 = T.axis.spatial(T.int64(1), T.int64(0))
                        v1, v2, v3 = T.axis.remap("SSS", [ax0_ax1_fused, ax2, ax3])
                        v4 = T.axis.spatial(T.int64(8), ax4_0 * T.int64(256) + ax4_1)
                        T.where(ax4_0 * T.int64(256) + ax4_1 < T.int64(8))
                        T.reads(x[v1, v2, v3, v4], x_red_temp_v0_shared[v1, v2 // T.int64(16)], x_red_temp_v1_shared[v1, v2 // T.int64(16)], gn_weight[v2], gn_bias[v2])
                        T.writes(T_reshape[v1, v2, v3, v4])
                        T_reshape[v1, v2, v3, v4] = (x[v1, v2, v3, v4] - x_red_temp_v0_shared[v1, v2 // T.int64(16)] / T.float32(1024.0)) * T.rsqrt(x_red_temp_v1_shared[v1, v2 // T.int64(16)] / T.float32(1024.0) - x_red_temp_v0_shared[v1, v2 // T.int64(16)] / T.float32(1024.0) * (x_red_temp_v0_shared[v1, v2 // T.int64(16)] / T.float32(1024.0)) + T.float32(1.0000000000000001e-05)) * gn_weight[v2] + gn_bias[v2]
