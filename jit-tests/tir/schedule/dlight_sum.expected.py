# kernel: kernels/dl_sum.py; TVM 0.27's print of it scheduled by dlight_sum.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_sum(group_norm: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32"), group_norm_red: T.Buffer((T.int64(2), T.int64(64)), "float32")):
    T.func_attr({"op_pattern": 3, "tirx.noalias": True})
    # with T.sblock("root"):
    group_norm_red_rf_local = T.sblock_alloc_buffer((T.int64(64), T.int64(2), T.int64(64)), scope="local")
    for ax0_ax1_fused in T.thread_binding(T.int64(128), thread="blockIdx.x"):
        for ax2_ax3_fused_1 in T.thread_binding(T.int64(64), thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
            with T.sblock("group_norm_red_rf_init"):
                vax2_ax3_fused_1 = T.axis.spatial(T.int64(64), ax2_ax3_fused_1)
                v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(64))
                v1 = T.axis.spatial(T.int64(64), ax0_ax1_fused % T.int64(64))
                T.reads()
                T.writes(group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1])
                group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1] = T.float32(0.0)
            for ax2_ax3_fused_0, u in T.grid(T.int64(1), 1):
                with T.sblock("group_norm_red_rf_update"):
                    vax2_ax3_fused_1 = T.axis.spatial(T.int64(64), ax2_ax3_fused_1)
                    v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(64))
                    v1 = T.axis.spatial(T.int64(64), ax0_ax1_fused % T.int64(64))
                    vax2_ax3_fused_0 = T.axis.reduce(T.int64(1), ax2_ax3_fused_0)
                    T.reads(group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1], group_norm[v0, v1, (vax2_ax3_fused_0 * T.int64(64) + vax2_ax3_fused_1) // T.int64(8), (vax2_ax3_fused_0 * T.int64(64) + vax2_ax3_fused_1) % T.int64(8)])
                    T.writes(group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1])
                    group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1] = group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1] + group_norm[v0, v1, (vax2_ax3_fused_0 * T.int64(64) + vax2_ax3_fused_1) // T.int64(8), (vax2_ax3_fused_0 * T.int64(64) + vax2_ax3_fused_1) % T.int64(8)]
        for ax1_ax2_fused in range(T.int64(1)):
            for ax0 in T.thread_binding(T.int64(64), thread="threadIdx.x"):
                with T.sblock("group_norm_red"):
                    vax2_ax3_fused_1 = T.axis.reduce(T.int64(64), ax0)
                    v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(64))
                    v1 = T.axis.spatial(T.int64(64), ax0_ax1_fused % T.int64(64))
                    T.reads(group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1])
                    T.writes(group_norm_red[v0, v1])
                    with T.init():
                        group_norm_red[v0, v1] = T.float32(0.0)
                    group_norm_red[v0, v1] = group_norm_red[v0, v1] + group_norm_red_rf_local[vax2_ax3_fused_1, v0, v1]
