# kernel: kernels/ca_int64_loop.py; TVM 0.27's print of it scheduled by ca_int64_split_rows.trace (generate.py)
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
    for i_0 in range((n + T.int64(3)) // T.int64(4)):
        for ax0, ax1 in T.grid(T.int64(4), m):
            with T.sblock("C"):
                v_i = T.axis.spatial(n, i_0 * T.int64(4) + ax0)
                v_j = T.axis.spatial(m, ax1)
                T.where(i_0 * T.int64(4) + ax0 < n)
                T.reads(A[v_i, v_j], B[v_i, v_j])
                T.writes(C[v_i, v_j])
                C[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j]
        for i_1, j in T.grid(T.int64(4), m):
            with T.sblock("D"):
                v_i = T.axis.spatial(n, i_0 * T.int64(4) + i_1)
                v_j = T.axis.spatial(m, j)
                T.where(i_0 * T.int64(4) + i_1 < n)
                T.reads(C[v_i, v_j])
                T.writes(D[v_i, v_j])
                D[v_i, v_j] = C[v_i, v_j] + T.float32(1.0)
