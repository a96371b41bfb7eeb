# A kernel for schedule cases (generate.py): TVM 0.27's print of three TE elementwise stages
# over (n, 256), n int64.
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_elementwise_int64(A: T.Buffer((n, 256), "float32"), D: T.Buffer((n, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((n, 256))
    C = T.sblock_alloc_buffer((n, 256))
    for i, j in T.grid(n, 256):
        with T.sblock("B"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(256, j)
            T.reads(A[v_i, v_j])
            T.writes(B[v_i, v_j])
            B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)
    for i, j in T.grid(n, 256):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(256, j)
            T.reads(B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0)
    for i, j in T.grid(n, 256):
        with T.sblock("D"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(256, j)
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = C[v_i, v_j] * C[v_i, v_j]
