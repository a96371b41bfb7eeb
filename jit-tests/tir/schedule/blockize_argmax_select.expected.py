# kernel: kernels/argmax_split.py; TVM 0.27's print of it scheduled by blockize_argmax_select.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def argmax_split(idx: T.Buffer((16, 32), "int32"), val: T.Buffer((16, 32), "float32"), argmax_v0: T.Buffer((16,), "int32"), argmax_v1: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i0, i1_0 in T.grid(16, 4):
        with T.sblock("argmax_o"):
            i_o, k_o = T.axis.remap("SR", [i0, i1_0])
            T.reads(idx[i_o, k_o * 8:k_o * 8 + 8], val[i_o, k_o * 8:k_o * 8 + 8])
            T.writes(argmax_v0[i_o], argmax_v1[i_o])
            with T.init():
                with T.sblock("argmax_init"):
                    T.reads()
                    T.writes(argmax_v0[i_o], argmax_v1[i_o])
                    argmax_v0[i_o] = -1
                    argmax_v1[i_o] = T.float32(-340282346638528859811704183484516925440.0)
            for i1_1 in range(8):
                with T.sblock("argmax"):
                    k_i = T.axis.reduce(8, i1_1)
                    T.reads(argmax_v0[i_o], argmax_v1[i_o], idx[i_o, k_o * 8 + k_i], val[i_o, k_o * 8 + k_i])
                    T.writes(argmax_v0[i_o], argmax_v1[i_o])
                    v_argmax_v0: T.let[T.int32] = T.Select(val[i_o, k_o * 8 + k_i] <= argmax_v1[i_o], argmax_v0[i_o], idx[i_o, k_o * 8 + k_i])
                    v_argmax_v1: T.let[T.float32] = T.Select(val[i_o, k_o * 8 + k_i] <= argmax_v1[i_o], argmax_v1[i_o], val[i_o, k_o * 8 + k_i])
                    argmax_v0[i_o] = v_argmax_v0
                    argmax_v1[i_o] = v_argmax_v1
