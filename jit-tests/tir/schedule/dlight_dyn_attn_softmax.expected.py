# kernel: kernels/dl_dyn_attn_softmax.py; TVM 0.27's print of it scheduled by dlight_dyn_attn_softmax.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_attn_softmax(mul: T.Buffer((T.int64(1), T.int64(4), n, n), "float32"), T_softmax_norm: T.Buffer((T.int64(1), T.int64(4), n, n), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(4), n), scope="shared")
    T_softmax_expsum_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(4), n), scope="shared")
    for ax0_ax1_fused in T.thread_binding(n * T.int64(4), thread="blockIdx.x"):
        for ax0, ax1 in T.grid(T.int64(1), T.int64(1)):
            for ax2_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax2_fused_0 in T.serial((n + T.int64(255)) // T.int64(256), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_maxelem"):
                        v0 = T.axis.spatial(T.int64(4), ax0_ax1_fused // n + ax0)
                        v1 = T.axis.spatial(n, ax0_ax1_fused % n + ax1)
                        v2 = T.axis.reduce(n, ax2_fused_0 * T.int64(256) + ax2_fused_1)
                        T.where(ax2_fused_0 * T.int64(256) + ax2_fused_1 < n)
                        T.reads(mul[T.int64(0), v0, v1, v2])
                        T.writes(T_softmax_maxelem_shared[T.int64(0), v0, v1])
                        with T.init():
                            T_softmax_maxelem_shared[T.int64(0), v0, v1] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem_shared[T.int64(0), v0, v1] = T.max(T_softmax_maxelem_shared[T.int64(0), v0, v1], mul[T.int64(0), v0, v1, v2])
        for ax0, ax1 in T.grid(T.int64(1), T.int64(1)):
            for ax2_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax2_fused_0 in T.serial((n + T.int64(255)) // T.int64(256), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_expsum"):
                        v0 = T.axis.spatial(T.int64(4), ax0_ax1_fused // n + ax0)
                        v1 = T.axis.spatial(n, ax0_ax1_fused % n + ax1)
                        v2 = T.axis.reduce(n, ax2_fused_0 * T.int64(256) + ax2_fused_1)
                        T.where(ax2_fused_0 * T.int64(256) + ax2_fused_1 < n)
                        T.reads(mul[T.int64(0), v0, v1, v2], T_softmax_maxelem_shared[T.int64(0), v0, v1])
                        T.writes(T_softmax_expsum_shared[T.int64(0), v0, v1])
                        with T.init():
                            T_softmax_expsum_shared[T.int64(0), v0, v1] = T.float32(0.0)
                        T_softmax_expsum_shared[T.int64(0), v0, v1] = T_softmax_expsum_shared[T.int64(0), v0, v1] + T.exp(mul[T.int64(0), v0, v1, v2] - T_softmax_maxelem_shared[T.int64(0), v0, v1])
        for ax2_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            for ax2_0 in T.serial((n + T.int64(255)) // T.int64(256), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_norm"):
                    v0 = T.axis.spatial(T.int64(4), ax0_ax1_fused // n)
                    v1 = T.axis.spatial(n, ax0_ax1_fused % n)
                    v2 = T.axis.spatial(n, ax2_0 * T.int64(256) + ax2_1)
                    T.where(ax2_0 * T.int64(256) + ax2_1 < n)
                    T.reads(mul[T.int64(0), v0, v1, v2], T_softmax_maxelem_shared[T.int64(0), v0, v1], T_softmax_expsum_shared[T.int64(0), v0, v1])
                    T.writes(T_softmax_norm[T.int64(0), v0, v1, v2])
                    T.sblock_attr({"axis": 3})
                    T_softmax_norm[T.int64(0), v0, v1, v2] = T.exp(mul[T.int64(0), v0, v1, v2] - T_softmax_maxelem_shared[T.int64(0), v0, v1]) / T_softmax_expsum_shared[T.int64(0), v0, v1]
