# kernel: kernels/dl_dyn_rms_norm.py; TVM 0.27's print of it scheduled by dlight_dyn_rms_norm.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_rms_norm(matmul: T.Buffer((T.int64(1), n, T.int64(128)), "float32"), norm_weight: T.Buffer((T.int64(128),), "float32"), T_cast: T.Buffer((T.int64(1), n, T.int64(128)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_multiply_red_shared = T.sblock_alloc_buffer((T.int64(1), n), scope="shared")
    T_multiply_red_rf_local = T.sblock_alloc_buffer((T.int64(128), T.int64(1), n), scope="local")
    for ax0_fused in T.thread_binding(n, thread="blockIdx.x"):
        for ax1_fused_1 in T.thread_binding(T.int64(128), thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
            with T.sblock("T_multiply_red_rf_init"):
                vax1_fused_1, v0 = T.axis.remap("SS", [ax1_fused_1, ax0_fused])
                T.reads()
                T.writes(T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0])
                T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0] = T.float32(0.0)
            for ax1_fused_0, u in T.grid(T.int64(1), 1):
                with T.sblock("T_multiply_red_rf_update"):
                    vax1_fused_1, v0, vax1_fused_0 = T.axis.remap("SSR", [ax1_fused_1, ax0_fused, ax1_fused_0])
                    T.reads(T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0], matmul[T.int64(0), v0, vax1_fused_0 * T.int64(128) + vax1_fused_1])
                    T.writes(T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0])
                    T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0] = T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0] + matmul[T.int64(0), v0, vax1_fused_0 * T.int64(128) + vax1_fused_1] * matmul[T.int64(0), v0, vax1_fused_0 * T.int64(128) + vax1_fused_1]
        for ax1_fused in range(T.int64(1)):
            for ax0 in T.thread_binding(T.int64(128), thread="threadIdx.x"):
                with T.sblock("T_multiply_red"):
                    vax1_fused_1, v0 = T.axis.remap("RS", [ax0, ax0_fused])
                    T.reads(T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0])
                    T.writes(T_multiply_red_shared[T.int64(0), v0])
                    with T.init():
                        T_multiply_red_shared[T.int64(0), v0] = T.float32(0.0)
                    T_multiply_red_shared[T.int64(0), v0] = T_multiply_red_shared[T.int64(0), v0] + T_multiply_red_rf_local[vax1_fused_1, T.int64(0), v0]
        for ax0_ax1_fused_0 in range(T.int64(1)):
            for ax0_ax1_fused_1 in T.thread_binding(T.int64(128), thread="threadIdx.x"):
                with T.sblock("T_cast_2"):
                    v0 = T.axis.spatial(n, ax0_fused)
                    v1 = T.axis.spatial(T.int64(128), ax0_ax1_fused_0 * T.int64(128) + ax0_ax1_fused_1)
                    T.reads(T_multiply_red_shared[T.int64(0), v0], matmul[T.int64(0), v0, v1], norm_weight[v1])
                    T.writes(T_cast[T.int64(0), v0, v1])
                    T_cast[T.int64(0), v0, v1] = T.rsqrt(T_multiply_red_shared[T.int64(0), v0] / T.float32(128.0) + T.float32(1.0000000000000001e-05)) * matmul[T.int64(0), v0, v1] * norm_weight[v1]
