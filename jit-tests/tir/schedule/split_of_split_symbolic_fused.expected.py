# kernel: kernels/te_vector_add.py; TVM 0.27's print of it scheduled by split_of_split_symbolic_fused.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def te_vector_add(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32"), C: T.Buffer((n,), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0_0_i_0_1_fused in T.parallel((n + 63) // 64 * 4):
        for i_1 in T.vectorized(16):
            with T.sblock("C"):
                v_i = T.axis.spatial(n, i_0_0_i_0_1_fused * 16 + i_1)
                T.where((i_0_0_i_0_1_fused // 4 * 4 + i_0_0_i_0_1_fused % 4) * 16 + i_1 < n and i_0_0_i_0_1_fused // 4 * 4 + i_0_0_i_0_1_fused % 4 < (n + 15) // 16)
                T.reads(A[v_i], B[v_i])
                T.writes(C[v_i])
                C[v_i] = A[v_i] + B[v_i]
