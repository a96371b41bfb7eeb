# kernel: kernels/dl_dyn_decode_matmul.py; TVM 0.27's print of it scheduled by dlight_dyn_decode_matmul.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_decode_matmul(x: T.Buffer((T.int64(1), n, T.int64(64)), "float32"), permute_dims: T.Buffer((T.int64(64), T.int64(128)), "float32"), matmul: T.Buffer((T.int64(1), n, T.int64(128)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    x_pad = T.sblock_alloc_buffer((T.int64(1), (n + T.int64(3)) // T.int64(4) * T.int64(4), T.int64(64)))
    matmul_pad = T.sblock_alloc_buffer((T.int64(1), (n + T.int64(3)) // T.int64(4) * T.int64(4), T.int64(128)))
    matmul_pad_rf = T.sblock_alloc_buffer((T.int64(32), T.int64(1), (n + T.int64(3)) // T.int64(4) * T.int64(4), T.int64(128)))
    matmul_pad_rf_1 = T.sblock_alloc_buffer((T.int64(4), T.int64(1), (n + T.int64(3)) // T.int64(4) * T.int64(4), T.int64(128)))
    for ax0, ax1 in T.grid((n + T.int64(3)) // T.int64(4) * T.int64(4), T.int64(64)):
        with T.sblock("x_pad"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(x[T.int64(0), v0, v1])
            T.writes(x_pad[T.int64(0), v0, v1])
            x_pad[T.int64(0), v0, v1] = T.if_then_else(v0 < n, x[T.int64(0), v0, v1], T.float32(0.0))
    for ax0_0 in T.thread_binding((n + T.int64(3)) // T.int64(4), thread="blockIdx.y"):
        for ax1_fused_0 in T.thread_binding(T.int64(4), thread="blockIdx.x"):
            for ax1_fused_1 in T.thread_binding(T.int64(32), thread="threadIdx.x"):
                for ax2_fused_1_ax2_fused_3_fused_0 in T.thread_binding(T.int64(4), thread="threadIdx.y"):
                    for ax2_fused_0, ax2_fused_2, ax0_1, ax2_fused_1_ax2_fused_3_fused_1_0 in T.grid(T.int64(1), T.int64(4), T.int64(4), T.int64(8)):
                        for ax2_fused_1_ax2_fused_3_fused_1_1 in T.vectorized(T.int64(1)):
                            with T.sblock("matmul_rf"):
                                vax2_fused_1_ax2_fused_3_fused = T.axis.spatial(T.int64(32), ax2_fused_1_ax2_fused_3_fused_0 * T.int64(8) + ax2_fused_1_ax2_fused_3_fused_1_0 + ax2_fused_1_ax2_fused_3_fused_1_1)
                                v0 = T.axis.spatial((n + T.int64(3)) // T.int64(4) * T.int64(4), ax0_0 * T.int64(4) + ax0_1)
                                v1 = T.axis.spatial(T.int64(128), ax1_fused_0 * T.int64(32) + ax1_fused_1)
                                vax2_fused_0, vax2_fused_2 = T.axis.remap("RR", [ax2_fused_0, ax2_fused_2])
                                T.where(((ax2_fused_0 * T.int64(4) + (ax2_fused_1_ax2_fused_3_fused_0 * T.int64(8) + (ax2_fused_1_ax2_fused_3_fused_1_0 + ax2_fused_1_ax2_fused_3_fused_1_1)) // T.int64(8)) * T.int64(4) + ax2_fused_2) * T.int64(8) + (ax2_fused_1_ax2_fused_3_fused_0 * T.int64(8) + (ax2_fused_1_ax2_fused_3_fused_1_0 + ax2_fused_1_ax2_fused_3_fused_1_1)) % T.int64(8) < T.int64(64))
                                T.reads(x_pad[T.int64(0), v0, vax2_fused_0 * T.int64(128) + vax2_fused_1_ax2_fused_3_fused // T.int64(8) * T.int64(32) + vax2_fused_2 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused % T.int64(8)], permute_dims[vax2_fused_0 * T.int64(128) + vax2_fused_1_ax2_fused_3_fused // T.int64(8) * T.int64(32) + vax2_fused_2 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused % T.int64(8), v1])
                                T.writes(matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused, T.int64(0), v0, v1])
                                with T.init():
                                    matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused, T.int64(0), v0, v1] = T.float32(0.0)
                                matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused, T.int64(0), v0, v1] = matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused, T.int64(0), v0, v1] + x_pad[T.int64(0), v0, vax2_fused_0 * T.int64(128) + vax2_fused_1_ax2_fused_3_fused // T.int64(8) * T.int64(32) + vax2_fused_2 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused % T.int64(8)] * permute_dims[vax2_fused_0 * T.int64(128) + vax2_fused_1_ax2_fused_3_fused // T.int64(8) * T.int64(32) + vax2_fused_2 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused % T.int64(8), v1]
    for ax0_0, ax1_fused_0, ax1_fused_1, ax0_1, ax2_fused_1_ax2_fused_3_fused_0, ax2_fused_1_ax2_fused_3_fused_1 in T.grid((n + T.int64(3)) // T.int64(4), T.int64(4), T.int64(32), T.int64(4), T.int64(4), T.int64(8)):
        with T.sblock("matmul_rf"):
            vax2_fused_1_ax2_fused_3_fused_0, vax2_fused_1_ax2_fused_3_fused_1 = T.axis.remap("SR", [ax2_fused_1_ax2_fused_3_fused_0, ax2_fused_1_ax2_fused_3_fused_1])
            v0 = T.axis.spatial((n + T.int64(3)) // T.int64(4) * T.int64(4), ax0_0 * T.int64(4) + ax0_1)
            v1 = T.axis.spatial(T.int64(128), ax1_fused_0 * T.int64(32) + ax1_fused_1)
            T.reads(matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused_0 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused_1, T.int64(0), v0, v1])
            T.writes(matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1])
            with T.init():
                matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1] = T.float32(0.0)
            matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1] = matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1] + matmul_pad_rf[vax2_fused_1_ax2_fused_3_fused_0 * T.int64(8) + vax2_fused_1_ax2_fused_3_fused_1, T.int64(0), v0, v1]
    for ax0_0, ax1_fused_0, ax1_fused_1, ax0_1, ax2_fused_1_ax2_fused_3_fused_0 in T.grid((n + T.int64(3)) // T.int64(4), T.int64(4), T.int64(32), T.int64(4), T.int64(4)):
        with T.sblock("matmul"):
            vax2_fused_1_ax2_fused_3_fused_0 = T.axis.reduce(T.int64(4), ax2_fused_1_ax2_fused_3_fused_0)
            v0 = T.axis.spatial((n + T.int64(3)) // T.int64(4) * T.int64(4), ax0_0 * T.int64(4) + ax0_1)
            v1 = T.axis.spatial(T.int64(128), ax1_fused_0 * T.int64(32) + ax1_fused_1)
            T.reads(matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1])
            T.writes(matmul_pad[T.int64(0), v0, v1])
            with T.init():
                matmul_pad[T.int64(0), v0, v1] = T.float32(0.0)
            matmul_pad[T.int64(0), v0, v1] = matmul_pad[T.int64(0), v0, v1] + matmul_pad_rf_1[vax2_fused_1_ax2_fused_3_fused_0, T.int64(0), v0, v1]
    for ax0, ax1 in T.grid(n, T.int64(128)):
        with T.sblock("matmul_pad"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(matmul_pad[T.int64(0), v0, v1])
            T.writes(matmul[T.int64(0), v0, v1])
            matmul[T.int64(0), v0, v1] = matmul_pad[T.int64(0), v0, v1]
