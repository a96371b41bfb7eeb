# kernel: kernels/dl_conv2d_silu.py; TVM 0.27's print of it scheduled by dlight_conv2d_cpu.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_conv2d_silu(x: T.Buffer((T.int64(1), T.int64(16), T.int64(16), T.int64(16)), "float32"), conv_weight: T.Buffer((T.int64(32), T.int64(16), T.int64(3), T.int64(3)), "float32"), lv1: T.Buffer((T.int64(1), T.int64(32), T.int64(1), T.int64(1)), "float32"), T_multiply_intermediate: T.Buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((T.int64(1), T.int64(16), T.int64(18), T.int64(18)))
    conv2d_nchw_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)))
    T_add_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)))
    compute = T.sblock_alloc_buffer((T.int64(1), T.int64(32), T.int64(16), T.int64(16)))
    for ax0_ax1_ax2_fused in T.parallel(T.int64(8192)):
        for ax0, ax1 in T.grid(T.int64(16), T.int64(3)):
            for ax2 in T.vectorized(T.int64(3)):
                with T.sblock("pad_temp"):
                    v0 = T.axis.spatial(T.int64(16), ax0)
                    v1 = T.axis.spatial(T.int64(18), ax0_ax1_ax2_fused % T.int64(256) // T.int64(16) + ax1)
                    v2 = T.axis.spatial(T.int64(18), ax0_ax1_ax2_fused % T.int64(16) + ax2)
                    T.reads(x[T.int64(0), v0, v1 + T.int64(-1), v2 + T.int64(-1)])
                    T.writes(pad_temp[T.int64(0), v0, v1, v2])
                    pad_temp[T.int64(0), v0, v1, v2] = T.if_then_else(T.int64(1) <= v1 and v1 < T.int64(17) and T.int64(1) <= v2 and v2 < T.int64(17), x[T.int64(0), v0, v1 - T.int64(1), v2 - T.int64(1)], T.float32(0.0))
        for ax0, ax1, ax2, ax3, ax4, ax5 in T.grid(T.int64(1), T.int64(1), T.int64(1), T.int64(16), T.int64(3), T.int64(3)):
            with T.sblock("conv2d_nchw"):
                v0 = T.axis.spatial(T.int64(32), ax0_ax1_ax2_fused // T.int64(256) + ax0)
                v1 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(256) // T.int64(16) + ax1)
                v2 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(16) + ax2)
                v3, v4, v5 = T.axis.remap("RRR", [ax3, ax4, ax5])
                T.reads(pad_temp[T.int64(0), v3, v1 + v4, v2 + v5], conv_weight[v0, v3, v4, v5])
                T.writes(conv2d_nchw_intermediate[T.int64(0), v0, v1, v2])
                with T.init():
                    conv2d_nchw_intermediate[T.int64(0), v0, v1, v2] = T.float32(0.0)
                conv2d_nchw_intermediate[T.int64(0), v0, v1, v2] = conv2d_nchw_intermediate[T.int64(0), v0, v1, v2] + pad_temp[T.int64(0), v3, v1 + v4, v2 + v5] * conv_weight[v0, v3, v4, v5]
        for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(1), T.int64(1)):
            with T.sblock("T_add"):
                v0 = T.axis.spatial(T.int64(32), ax0_ax1_ax2_fused // T.int64(256) + ax0)
                v1 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(256) // T.int64(16) + ax1)
                v2 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(16) + ax2)
                T.reads(conv2d_nchw_intermediate[T.int64(0), v0, v1, v2], lv1[T.int64(0), v0, T.int64(0), T.int64(0)])
                T.writes(T_add_intermediate[T.int64(0), v0, v1, v2])
                T_add_intermediate[T.int64(0), v0, v1, v2] = conv2d_nchw_intermediate[T.int64(0), v0, v1, v2] + lv1[T.int64(0), v0, T.int64(0), T.int64(0)]
        for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(1), T.int64(1)):
            with T.sblock("compute"):
                v0 = T.axis.spatial(T.int64(32), ax0_ax1_ax2_fused // T.int64(256) + ax0)
                v1 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(256) // T.int64(16) + ax1)
                v2 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(16) + ax2)
                T.reads(T_add_intermediate[T.int64(0), v0, v1, v2])
                T.writes(compute[T.int64(0), v0, v1, v2])
                compute[T.int64(0), v0, v1, v2] = T.sigmoid(T_add_intermediate[T.int64(0), v0, v1, v2])
        with T.sblock("T_multiply"):
            v0 = T.axis.spatial(T.int64(32), ax0_ax1_ax2_fused // T.int64(256))
            v1 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(256) // T.int64(16))
            v2 = T.axis.spatial(T.int64(16), ax0_ax1_ax2_fused % T.int64(16))
            T.reads(T_add_intermediate[T.int64(0), v0, v1, v2], compute[T.int64(0), v0, v1, v2])
            T.writes(T_multiply_intermediate[T.int64(0), v0, v1, v2])
            T_multiply_intermediate[T.int64(0), v0, v1, v2] = T_add_intermediate[T.int64(0), v0, v1, v2] * compute[T.int64(0), v0, v1, v2]
