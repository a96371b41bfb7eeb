# kernel: kernels/vector_add_100.py; TVM 0.27's print of it scheduled by split_of_split_exact_after_predicated.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def vector_add_100(A: T.Buffer((100,), "float32"), B: T.Buffer((100,), "float32"), C: T.Buffer((100,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0_1, i_0_0, i_1 in T.grid(13, 1, 8):
        with T.sblock("C"):
            v_i = T.axis.spatial(100, i_0_0 * 104 + i_0_1 * 8 + i_1)
            T.where((i_0_0 * 13 + i_0_1) * 8 + i_1 < 100)
            T.reads(A[v_i], B[v_i])
            T.writes(C[v_i])
            C[v_i] = A[v_i] + B[v_i]
