# kernel: kernels/dl_conv2d_silu.py; TVM 0.27's print of it scheduled by ms_cuda_conv2d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_conv2d_silu(x: T.Buffer((T.int64(1), T.int64(16), T.int64(16), T.int64(16)), "float32"), conv_weight: T.Buffer((T.int64(32), T.int64(16), T.int64(3), T.int64(3)), "float32"), lv1: T.Buffer((T.int64(1), T.int64(32), T.int64(1), T.int64(1)), "float32"), T_multiply_intermediate: T.Buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    conv2d_nchw_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)))
    conv2d_nchw_intermediate_local = T.sblock_alloc_buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)), scope="local")
    pad_temp_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(16), T.int64(18), T.int64(18)), scope="shared")
    conv_weight_shared = T.sblock_alloc_buffer((T.int64(32), T.int64(16), T.int64(3), T.int64(3)), scope="shared")
    for nn_0_ff_0_yy_0_xx_0_fused in T.thread_binding(T.int64(2), thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):
        for nn_1_ff_1_yy_1_xx_1_fused in T.thread_binding(T.int64(32), thread="vthread.x"):
            for nn_2_ff_2_yy_2_xx_2_fused in T.thread_binding(T.int64(32), thread="threadIdx.x"):
                for nn_3_init, ff_3_init, yy_3_init, xx_3_init, nn_4_init, ff_4_init, yy_4_init, xx_4_init in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(1), T.int64(1), T.int64(1), T.int64(1), T.int64(2)):
                    with T.sblock("conv2d_nchw_init"):
                        v_nn = T.axis.spatial(T.int64(1), nn_3_init + nn_4_init)
                        v_ff = T.axis.spatial(T.int64(32), nn_2_ff_2_yy_2_xx_2_fused + ff_3_init + ff_4_init)
                        v_yy = T.axis.spatial(T.int64(16), nn_1_ff_1_yy_1_xx_1_fused // T.int64(4) * T.int64(2) + yy_3_init + yy_4_init)
                        v_xx = T.axis.spatial(T.int64(16), nn_0_ff_0_yy_0_xx_0_fused * T.int64(8) + nn_1_ff_1_yy_1_xx_1_fused % T.int64(4) * T.int64(2) + xx_3_init * T.int64(2) + xx_4_init)
                        T.reads()
                        T.writes(conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx])
                        T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx] = T.float32(0.0)
                for rc_0, ry_0, rx_0 in T.grid(T.int64(2), T.int64(1), T.int64(1)):
                    for ax0_ax1_ax2_ax3_fused_0 in range(T.int64(45)):
                        for ax0_ax1_ax2_ax3_fused_1 in T.thread_binding(T.int64(32), thread="threadIdx.x"):
                            with T.sblock("pad_temp_shared"):
                                v0 = T.axis.spatial(T.int64(1), T.int64(0))
                                v1 = T.axis.spatial(T.int64(16), rc_0 * T.int64(8) + (ax0_ax1_ax2_ax3_fused_0 * T.int64(32) + ax0_ax1_ax2_ax3_fused_1) // T.int64(180))
                                v2 = T.axis.spatial(T.int64(18), (ax0_ax1_ax2_ax3_fused_0 * T.int64(32) + ax0_ax1_ax2_ax3_fused_1) % T.int64(180) // T.int64(10))
                                v3 = T.axis.spatial(T.int64(18), nn_0_ff_0_yy_0_xx_0_fused * T.int64(8) + (ax0_ax1_ax2_ax3_fused_0 * T.int64(32) + ax0_ax1_ax2_ax3_fused_1) % T.int64(10))
                                T.reads(x[v0, v1, v2 - T.int64(1), v3 - T.int64(1)])
                                T.writes(pad_temp_shared[v0, v1, v2, v3])
                                pad_temp_shared[v0, v1, v2, v3] = T.if_then_else(T.int64(1) <= v2 and v2 < T.int64(17) and T.int64(1) <= v3 and v3 < T.int64(17), x[v0, v1, v2 - T.int64(1), v3 - T.int64(1)], T.float32(0.0))
                    for ax0_ax1_ax2_ax3_fused_0 in range(T.int64(18)):
                        for ax0_ax1_ax2_ax3_fused_1 in T.thread_binding(T.int64(32), thread="threadIdx.x"):
                            for ax0_ax1_ax2_ax3_fused_2 in T.vectorized(T.int64(4)):
                                with T.sblock("conv_weight_shared"):
                                    v0 = T.axis.spatial(T.int64(32), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1 * T.int64(4) + ax0_ax1_ax2_ax3_fused_2) // T.int64(72))
                                    v1 = T.axis.spatial(T.int64(16), rc_0 * T.int64(8) + (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1 * T.int64(4) + ax0_ax1_ax2_ax3_fused_2) % T.int64(72) // T.int64(9))
                                    v2 = T.axis.spatial(T.int64(3), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1 * T.int64(4) + ax0_ax1_ax2_ax3_fused_2) % T.int64(9) // T.int64(3))
                                    v3 = T.axis.spatial(T.int64(3), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1 * T.int64(4) + ax0_ax1_ax2_ax3_fused_2) % T.int64(3))
                                    T.reads(conv_weight[v0, v1, v2, v3])
                                    T.writes(conv_weight_shared[v0, v1, v2, v3])
                                    conv_weight_shared[v0, v1, v2, v3] = conv_weight[v0, v1, v2, v3]
                    for rc_1, ry_1, rx_1, nn_3, ff_3, yy_3, xx_3, rc_2, ry_2, rx_2, nn_4, ff_4, yy_4, xx_4 in T.grid(T.int64(8), T.int64(1), T.int64(1), T.int64(1), T.int64(1), T.int64(2), T.int64(1), T.int64(1), T.int64(3), T.int64(3), T.int64(1), T.int64(1), T.int64(1), T.int64(2)):
                        with T.sblock("conv2d_nchw_update"):
                            v_nn = T.axis.spatial(T.int64(1), nn_3 + nn_4)
                            v_ff = T.axis.spatial(T.int64(32), nn_2_ff_2_yy_2_xx_2_fused + ff_3 + ff_4)
                            v_yy = T.axis.spatial(T.int64(16), nn_1_ff_1_yy_1_xx_1_fused // T.int64(4) * T.int64(2) + yy_3 + yy_4)
                            v_xx = T.axis.spatial(T.int64(16), nn_0_ff_0_yy_0_xx_0_fused * T.int64(8) + nn_1_ff_1_yy_1_xx_1_fused % T.int64(4) * T.int64(2) + xx_3 * T.int64(2) + xx_4)
                            v_rc = T.axis.reduce(T.int64(16), rc_0 * T.int64(8) + rc_1 + rc_2)
                            v_ry = T.axis.reduce(T.int64(3), ry_0 * T.int64(3) + ry_1 * T.int64(3) + ry_2)
                            v_rx = T.axis.reduce(T.int64(3), rx_0 * T.int64(3) + rx_1 * T.int64(3) + rx_2)
                            T.reads(conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx], pad_temp_shared[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], conv_weight_shared[v_ff, v_rc, v_ry, v_rx])
                            T.writes(conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw_intermediate_local[v_nn, v_ff, v_yy, v_xx] + pad_temp_shared[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * conv_weight_shared[v_ff, v_rc, v_ry, v_rx]
                for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(2)):
                    with T.sblock("conv2d_nchw_intermediate_local"):
                        v0 = T.axis.spatial(T.int64(1), ax0)
                        v1 = T.axis.spatial(T.int64(32), nn_2_ff_2_yy_2_xx_2_fused + ax1)
                        v2 = T.axis.spatial(T.int64(16), nn_1_ff_1_yy_1_xx_1_fused // T.int64(4) * T.int64(2) + ax2)
                        v3 = T.axis.spatial(T.int64(16), nn_0_ff_0_yy_0_xx_0_fused * T.int64(8) + nn_1_ff_1_yy_1_xx_1_fused % T.int64(4) * T.int64(2) + ax3)
                        T.reads(conv2d_nchw_intermediate_local[v0, v1, v2, v3])
                        T.writes(conv2d_nchw_intermediate[v0, v1, v2, v3])
                        conv2d_nchw_intermediate[v0, v1, v2, v3] = conv2d_nchw_intermediate_local[v0, v1, v2, v3]
    for ax0_ax1_ax2_ax3_fused_0 in T.thread_binding(T.int64(64), thread="blockIdx.x"):
        for ax0_ax1_ax2_ax3_fused_1 in T.thread_binding(T.int64(128), thread="threadIdx.x"):
            with T.sblock("T_multiply"):
                v_ax0 = T.axis.spatial(T.int64(1), T.int64(0))
                v_ax1 = T.axis.spatial(T.int64(32), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1) // T.int64(256))
                v_ax2 = T.axis.spatial(T.int64(16), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1) % T.int64(256) // T.int64(16))
                v_ax3 = T.axis.spatial(T.int64(16), (ax0_ax1_ax2_ax3_fused_0 * T.int64(128) + ax0_ax1_ax2_ax3_fused_1) % T.int64(16))
                T.reads(conv2d_nchw_intermediate[v_ax0, v_ax1, v_ax2, v_ax3], lv1[v_ax0, v_ax1, T.int64(0), T.int64(0)])
                T.writes(T_multiply_intermediate[v_ax0, v_ax1, v_ax2, v_ax3])
                T_multiply_intermediate[v_ax0, v_ax1, v_ax2, v_ax3] = (conv2d_nchw_intermediate[v_ax0, v_ax1, v_ax2, v_ax3] + lv1[v_ax0, v_ax1, T.int64(0), T.int64(0)]) * T.sigmoid(conv2d_nchw_intermediate[v_ax0, v_ax1, v_ax2, v_ax3] + lv1[v_ax0, v_ax1, T.int64(0), T.int64(0)])
