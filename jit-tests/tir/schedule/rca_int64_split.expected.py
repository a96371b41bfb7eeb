# kernel: kernels/ca_int64_loop.py; TVM 0.27's print of it scheduled by rca_int64_split.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def ca_int64_loop(A: T.Buffer((n, m), "float32"), B: T.Buffer((n, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((n, m))
    for i, j_0 in T.grid(n, (m + T.int64(15)) // T.int64(16)):
        for j_1 in range(T.int64(16)):
            with T.sblock("C"):
                v_i = T.axis.spatial(n, i)
                v_j = T.axis.spatial(m, j_0 * T.int64(16) + j_1)
                T.where(j_0 * T.int64(16) + j_1 < m)
                T.reads(A[v_i, v_j], B[v_i, v_j])
                T.writes(C[v_i, v_j])
                C[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j]
        for ax0 in range(T.int64(16)):
            with T.sblock("D"):
                v_i = T.axis.spatial(n, i)
                v_j = T.axis.spatial(m, j_0 * T.int64(16) + ax0)
                T.where(j_0 * T.int64(16) + ax0 < m)
                T.reads(C[v_i, v_j])
                T.writes(D[v_i, v_j])
                D[v_i, v_j] = C[v_i, v_j] + T.float32(1.0)
