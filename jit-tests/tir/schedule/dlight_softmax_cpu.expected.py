# kernel: kernels/dl_row_softmax.py; TVM 0.27's print of it scheduled by dlight_softmax_cpu.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_row_softmax(rms_norm: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float32"), T_softmax_norm: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((T.int64(1), T.int64(1)))
    T_softmax_exp = T.sblock_alloc_buffer((T.int64(1), T.int64(1), T.int64(512)))
    T_softmax_expsum = T.sblock_alloc_buffer((T.int64(1), T.int64(1)))
    for ax0 in T.parallel(T.int64(512)):
        for ax0_1, ax1_0 in T.grid(T.int64(1), T.int64(32)):
            for ax1_1 in T.serial(T.int64(16), annotations={"pragma_auto_unroll_max_step": 16, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_maxelem"):
                    v0 = T.axis.spatial(T.int64(1), ax0_1)
                    v1 = T.axis.reduce(T.int64(512), ax1_0 * T.int64(16) + ax1_1)
                    T.reads(rms_norm[T.int64(0), T.int64(0), v1])
                    T.writes(T_softmax_maxelem[T.int64(0), T.int64(0)])
                    with T.init():
                        T_softmax_maxelem[T.int64(0), T.int64(0)] = T.float32(-340282346638528859811704183484516925440.0)
                    T_softmax_maxelem[T.int64(0), T.int64(0)] = T.max(T_softmax_maxelem[T.int64(0), T.int64(0)], rms_norm[T.int64(0), T.int64(0), v1])
        for ax0_0 in range(T.int64(32)):
            for ax0_1 in T.vectorized(T.int64(16)):
                with T.sblock("T_softmax_exp"):
                    v0 = T.axis.spatial(T.int64(512), ax0_0 * T.int64(16) + ax0_1)
                    T.reads(rms_norm[T.int64(0), T.int64(0), v0], T_softmax_maxelem[T.int64(0), T.int64(0)])
                    T.writes(T_softmax_exp[T.int64(0), T.int64(0), v0])
                    T_softmax_exp[T.int64(0), T.int64(0), v0] = T.exp(rms_norm[T.int64(0), T.int64(0), v0] - T_softmax_maxelem[T.int64(0), T.int64(0)])
        for ax0_1, ax1_0 in T.grid(T.int64(1), T.int64(32)):
            for ax1_1 in T.serial(T.int64(16), annotations={"pragma_auto_unroll_max_step": 16, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_expsum"):
                    v0 = T.axis.spatial(T.int64(1), ax0_1)
                    v1 = T.axis.reduce(T.int64(512), ax1_0 * T.int64(16) + ax1_1)
                    T.reads(T_softmax_exp[T.int64(0), T.int64(0), v1])
                    T.writes(T_softmax_expsum[T.int64(0), T.int64(0)])
                    with T.init():
                        T_softmax_expsum[T.int64(0), T.int64(0)] = T.float32(0.0)
                    T_softmax_expsum[T.int64(0), T.int64(0)] = T_softmax_expsum[T.int64(0), T.int64(0)] + T_softmax_exp[T.int64(0), T.int64(0), v1]
        with T.sblock("T_softmax_norm"):
            v0 = T.axis.spatial(T.int64(512), ax0)
            T.reads(T_softmax_exp[T.int64(0), T.int64(0), v0], T_softmax_expsum[T.int64(0), T.int64(0)])
            T.writes(T_softmax_norm[T.int64(0), T.int64(0), v0])
            T.sblock_attr({"axis": 2})
            T_softmax_norm[T.int64(0), T.int64(0), v0] = T_softmax_exp[T.int64(0), T.int64(0), v0] / T_softmax_expsum[T.int64(0), T.int64(0)]
