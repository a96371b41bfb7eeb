# kernel: kernels/bz_pred.py; TVM 0.27's print of it scheduled by bz_predicated.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_pred(A: T.Buffer((127,), "float32"), B: T.Buffer((127,), "float32")):
    # with T.sblock("root"):
    with T.sblock("B_o"):
        vi_o = T.axis.spatial(1, 0)
        T.reads(A[0:127])
        T.writes(B[0:127])
        for i_0, i_1 in T.grid(8, 16):
            with T.sblock("B"):
                vi_i = T.axis.spatial(127, i_0 * 16 + i_1)
                T.where(i_0 * 16 + i_1 < 127)
                T.reads(A[vi_i])
                T.writes(B[vi_i])
                B[vi_i] = A[vi_i] * T.float32(2.0)
