# kernel: kernels/te_matmul_relu_int64.py; TVM 0.27's print of it scheduled by rca_symbolic_fused_digits.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_matmul_relu_int64(A: T.Buffer((n, 128), "float32"), B: T.Buffer((128, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((n, m))
    for i_j_k_fused in range(n * m * T.int64(128)):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i_j_k_fused // (m * T.int64(128)))
            v_j = T.axis.spatial(m, i_j_k_fused % (m * T.int64(128)) // T.int64(128))
            v_k = T.axis.reduce(128, T.Cast("int32", i_j_k_fused % T.int64(128)))
            T.reads(A[v_i, v_k], B[v_k, v_j])
            T.writes(C[v_i, v_j])
            with T.init():
                C[v_i, v_j] = T.float32(0.0)
            C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
        with T.sblock("D"):
            v_i = T.axis.spatial(n, i_j_k_fused // (m * T.int64(128)))
            v_j = T.axis.spatial(m, i_j_k_fused % (m * T.int64(128)) // T.int64(128))
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = T.max(C[v_i, v_j], T.float32(0.0))
