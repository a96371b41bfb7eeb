# kernel: kernels/te_vector_add.py; TVM 0.27's print of it scheduled by split_of_split_symbolic.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def te_vector_add(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32"), C: T.Buffer((n,), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0_1, i_0_0 in T.grid((n + 7) // 8, 2):
        for i_1 in T.unroll(4):
            with T.sblock("C"):
                v_i = T.axis.spatial(n, (i_0_0 * ((n + 7) // 8) + i_0_1) * 4 + i_1)
                T.where((i_0_0 * ((n + 7) // 8) + i_0_1) * 4 + i_1 < n and i_0_0 * ((n + 7) // 8) + i_0_1 < (n + 3) // 4)
                T.reads(A[v_i], B[v_i])
                T.writes(C[v_i])
                C[v_i] = A[v_i] + B[v_i]
