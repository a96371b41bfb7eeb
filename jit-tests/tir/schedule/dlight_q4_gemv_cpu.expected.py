# kernel: kernels/dl_q4_gemv.py; TVM 0.27's print of it scheduled by dlight_q4_gemv_cpu.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_q4_gemv(lv: T.Buffer((T.int64(512), T.int64(64)), "uint32"), lv1: T.Buffer((T.int64(512), T.int64(16)), "float16"), x: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float16"), out: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for u_fused in range(1):
        for ax0_fused_0 in T.parallel(T.int64(8)):
            for ax0_fused_1 in T.vectorized(T.int64(64)):
                for ax1_0_fused_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    for ax1_0_fused_1, ax1_1_0, ax1_1_1 in T.grid(T.int64(128), T.int64(1), T.int64(8)):
                        with T.sblock("matmul"):
                            v0 = T.axis.spatial(T.int64(512), ax0_fused_0 * T.int64(64) + ax0_fused_1)
                            v1 = T.axis.reduce(T.int64(512), (ax1_0_fused_0 * T.int64(128) + ax1_0_fused_1) * T.int64(8) + ax1_1_0 * T.int64(8) + ax1_1_1)
                            T.where(ax1_0_fused_0 * T.int64(128) + ax1_0_fused_1 < T.int64(64))
                            T.reads(x[T.int64(0), T.int64(0), v1], lv[v0, v1 // T.int64(8)], lv1[v0, v1 // T.int64(32)])
                            T.writes(out[T.int64(0), T.int64(0), v0])
                            with T.init():
                                out[T.int64(0), T.int64(0), v0] = T.float16(0.0)
                            out[T.int64(0), T.int64(0), v0] = out[T.int64(0), T.int64(0), v0] + x[T.int64(0), T.int64(0), v1] * ((T.Cast("float16", lv[v0, v1 // T.int64(8)] >> T.Cast("uint32", v1 % T.int64(8)) * T.uint32(4) & T.uint32(15)) - T.float16(7.0)) * lv1[v0, v1 // T.int64(32)])
