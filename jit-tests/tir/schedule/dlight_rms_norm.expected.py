# kernel: kernels/dl_rms_norm.py; TVM 0.27's print of it scheduled by dlight_rms_norm.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_rms_norm(matmul: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32"), norm_weight: T.Buffer((T.int64(512),), "float32"), T_cast: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_multiply_local = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)), scope="local")
    T_multiply_red_local = T.sblock_alloc_buffer((T.int64(2), T.int64(32)), scope="local")
    rsqrt_shared = T.sblock_alloc_buffer((T.int64(2), T.int64(32)), scope="shared")
    T_rms_norm_local = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)), scope="local")
    matmul_local = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)), scope="local")
    for ax0_ax1_fused in T.thread_binding(T.int64(64), thread="blockIdx.x"):
        for ax2_0 in T.thread_binding(T.int64(512), thread="threadIdx.x"):
            for ax2_1 in range(T.int64(1)):
                for ax2_2 in T.vectorized(T.int64(8)):
                    with T.sblock("matmul_local"):
                        v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
                        v1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
                        v2 = T.axis.spatial(T.int64(512), ax2_0 * T.int64(8) + ax2_1 * T.int64(8) + ax2_2)
                        T.where((ax2_0 + ax2_1) * T.int64(8) + ax2_2 < T.int64(512))
                        T.reads(matmul[v0, v1, v2])
                        T.writes(matmul_local[v0, v1, v2])
                        matmul_local[v0, v1, v2] = matmul[v0, v1, v2]
            for ax0 in range(T.int64(8)):
                with T.sblock("T_multiply"):
                    v_ax0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
                    v_ax1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
                    v_ax2 = T.axis.spatial(T.int64(512), ax2_0 * T.int64(8) + ax0)
                    T.where(ax2_0 < T.int64(64))
                    T.reads(matmul_local[v_ax0, v_ax1, v_ax2])
                    T.writes(T_multiply_local[v_ax0, v_ax1, v_ax2])
                    T_multiply_local[v_ax0, v_ax1, v_ax2] = matmul_local[v_ax0, v_ax1, v_ax2] * matmul_local[v_ax0, v_ax1, v_ax2]
            for ax0 in range(T.int64(8)):
                with T.sblock("T_multiply_red"):
                    v_ax0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
                    v_ax1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
                    v_k2 = T.axis.reduce(T.int64(512), ax2_0 * T.int64(8) + ax0)
                    T.where(ax2_0 < T.int64(64))
                    T.reads(T_multiply_local[v_ax0, v_ax1, v_k2])
                    T.writes(T_multiply_red_local[v_ax0, v_ax1])
                    with T.init():
                        T_multiply_red_local[v_ax0, v_ax1] = T.float32(0.0)
                    T_multiply_red_local[v_ax0, v_ax1] = T_multiply_red_local[v_ax0, v_ax1] + T_multiply_local[v_ax0, v_ax1, v_k2]
        with T.sblock("rsqrt"):
            v_ax0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
            v_ax1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
            T.reads(T_multiply_red_local[v_ax0, v_ax1])
            T.writes(rsqrt_shared[v_ax0, v_ax1])
            rsqrt_shared[v_ax0, v_ax1] = T.rsqrt(T_multiply_red_local[v_ax0, v_ax1] / T.float32(512.0) + T.float32(1.0000000000000001e-05))
        for ax0_0 in T.thread_binding(T.int64(512), thread="threadIdx.x"):
            for ax0_1, ax0_2 in T.grid(T.int64(1), T.int64(8)):
                with T.sblock("T_rms_norm"):
                    v_ax0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
                    v_ax1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
                    v_ax2 = T.axis.spatial(T.int64(512), ax0_0 * T.int64(8) + ax0_1 * T.int64(8) + ax0_2)
                    T.where((ax0_0 + ax0_1) * T.int64(8) + ax0_2 < T.int64(512))
                    T.reads(rsqrt_shared[v_ax0, v_ax1], matmul_local[v_ax0, v_ax1, v_ax2], norm_weight[v_ax2])
                    T.writes(T_rms_norm_local[v_ax0, v_ax1, v_ax2])
                    T_rms_norm_local[v_ax0, v_ax1, v_ax2] = rsqrt_shared[v_ax0, v_ax1] * matmul_local[v_ax0, v_ax1, v_ax2] * norm_weight[v_ax2]
            for ax0 in T.vectorized(T.int64(8)):
                with T.sblock("T_cast_local"):
                    v0 = T.axis.spatial(T.int64(2), ax0_ax1_fused // T.int64(32))
                    v1 = T.axis.spatial(T.int64(32), ax0_ax1_fused % T.int64(32))
                    v2 = T.axis.spatial(T.int64(512), ax0_0 * T.int64(8) + ax0)
                    T.where(ax0_0 < T.int64(64))
                    T.reads(T_rms_norm_local[v0, v1, v2])
                    T.writes(T_cast[v0, v1, v2])
                    T_cast[v0, v1, v2] = T_rms_norm_local[v0, v1, v2]
