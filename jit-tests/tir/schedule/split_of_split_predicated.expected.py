# kernel: kernels/vector_add_100.py; TVM 0.27's print of it scheduled by split_of_split_predicated.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def vector_add_100(A: T.Buffer((100,), "float32"), B: T.Buffer((100,), "float32"), C: T.Buffer((100,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_1_1, i_1_0, i_0, i_2 in T.grid(2, 2, 9, 4):
        with T.sblock("C"):
            v_i = T.axis.spatial(100, i_0 * 12 + (i_1_0 * 2 + i_1_1) * 4 + i_2)
            T.where((i_0 * 3 + (i_1_0 * 2 + i_1_1)) * 4 + i_2 < 100 and i_1_0 * 2 + i_1_1 < 3)
            T.reads(A[v_i], B[v_i])
            T.writes(C[v_i])
            C[v_i] = A[v_i] + B[v_i]
