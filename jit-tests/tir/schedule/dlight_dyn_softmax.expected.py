# kernel: kernels/dl_dyn_softmax.py; TVM 0.27's print of it scheduled by dlight_dyn_softmax.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_softmax(rms_norm: T.Buffer((T.int64(1), n, T.int64(128)), "float32"), T_softmax_norm: T.Buffer((T.int64(1), n, T.int64(128)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem_shared = T.sblock_alloc_buffer((T.int64(1), n), scope="shared")
    T_softmax_expsum_shared = T.sblock_alloc_buffer((T.int64(1), n), scope="shared")
    for ax0_fused in T.thread_binding(n, thread="blockIdx.x"):
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_maxelem"):
                        v0 = T.axis.spatial(n, ax0_fused + ax0)
                        v1 = T.axis.reduce(T.int64(128), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.where(ax1_fused_0 * T.int64(256) + ax1_fused_1 < T.int64(128))
                        T.reads(rms_norm[T.int64(0), v0, v1])
                        T.writes(T_softmax_maxelem_shared[T.int64(0), v0])
                        with T.init():
                            T_softmax_maxelem_shared[T.int64(0), v0] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem_shared[T.int64(0), v0] = T.max(T_softmax_maxelem_shared[T.int64(0), v0], rms_norm[T.int64(0), v0, v1])
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_expsum"):
                        v0 = T.axis.spatial(n, ax0_fused + ax0)
                        v1 = T.axis.reduce(T.int64(128), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.where(ax1_fused_0 * T.int64(256) + ax1_fused_1 < T.int64(128))
                        T.reads(rms_norm[T.int64(0), v0, v1], T_softmax_maxelem_shared[T.int64(0), v0])
                        T.writes(T_softmax_expsum_shared[T.int64(0), v0])
                        with T.init():
                            T_softmax_expsum_shared[T.int64(0), v0] = T.float32(0.0)
                        T_softmax_expsum_shared[T.int64(0), v0] = T_softmax_expsum_shared[T.int64(0), v0] + T.exp(rms_norm[T.int64(0), v0, v1] - T_softmax_maxelem_shared[T.int64(0), v0])
        for ax1_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            for ax1_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_norm"):
                    v0 = T.axis.spatial(n, ax0_fused)
                    v1 = T.axis.spatial(T.int64(128), ax1_0 * T.int64(256) + ax1_1)
                    T.where(ax1_0 * T.int64(256) + ax1_1 < T.int64(128))
                    T.reads(rms_norm[T.int64(0), v0, v1], T_softmax_maxelem_shared[T.int64(0), v0], T_softmax_expsum_shared[T.int64(0), v0])
                    T.writes(T_softmax_norm[T.int64(0), v0, v1])
                    T.sblock_attr({"axis": 2})
                    T_softmax_norm[T.int64(0), v0, v1] = T.exp(rms_norm[T.int64(0), v0, v1] - T_softmax_maxelem_shared[T.int64(0), v0]) / T_softmax_expsum_shared[T.int64(0), v0]
