# kernel: kernels/argmax_split.py; TVM 0.27's print of it scheduled by rfactor_argmax.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def argmax_split(idx: T.Buffer((16, 32), "int32"), val: T.Buffer((16, 32), "float32"), argmax_v0: T.Buffer((16,), "int32"), argmax_v1: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    argmax_v0_rf = T.sblock_alloc_buffer((8, 16), "int32")
    argmax_v1_rf = T.sblock_alloc_buffer((8, 16))
    for i0, i1_0, i1_1 in T.grid(16, 4, 8):
        with T.sblock("argmax_rf"):
            vi1_1, i, vi1_0 = T.axis.remap("SSR", [i1_1, i0, i1_0])
            T.reads(idx[i, vi1_0 * 8 + vi1_1], val[i, vi1_0 * 8 + vi1_1])
            T.writes(argmax_v0_rf[vi1_1, i], argmax_v1_rf[vi1_1, i])
            with T.init():
                argmax_v0_rf[vi1_1, i] = -1
                argmax_v1_rf[vi1_1, i] = T.float32(-340282346638528859811704183484516925440.0)
            v_argmax_v0_rf: T.let[T.int32] = T.Select(argmax_v1_rf[vi1_1, i] >= val[i, vi1_0 * 8 + vi1_1], argmax_v0_rf[vi1_1, i], idx[i, vi1_0 * 8 + vi1_1])
            v_argmax_v1_rf: T.let[T.float32] = T.Select(argmax_v1_rf[vi1_1, i] >= val[i, vi1_0 * 8 + vi1_1], argmax_v1_rf[vi1_1, i], val[i, vi1_0 * 8 + vi1_1])
            argmax_v0_rf[vi1_1, i] = v_argmax_v0_rf
            argmax_v1_rf[vi1_1, i] = v_argmax_v1_rf
    for i0, i1_1 in T.grid(16, 8):
        with T.sblock("argmax"):
            vi1_1, i = T.axis.remap("RS", [i1_1, i0])
            T.reads(argmax_v0_rf[vi1_1, i], argmax_v1_rf[vi1_1, i])
            T.writes(argmax_v0[i], argmax_v1[i])
            with T.init():
                argmax_v0[i] = -1
                argmax_v1[i] = T.float32(-340282346638528859811704183484516925440.0)
            v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] >= argmax_v1_rf[vi1_1, i], argmax_v0[i], argmax_v0_rf[vi1_1, i])
            v_argmax_v1: T.let[T.float32] = T.Select(argmax_v1[i] >= argmax_v1_rf[vi1_1, i], argmax_v1[i], argmax_v1_rf[vi1_1, i])
            argmax_v0[i] = v_argmax_v0
            argmax_v1[i] = v_argmax_v1
