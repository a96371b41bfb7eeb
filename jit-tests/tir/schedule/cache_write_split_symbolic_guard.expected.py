# kernel: kernels/te_elementwise_int64.py; TVM 0.27's print of it scheduled by cache_write_split_symbolic_guard.trace (generate.py)
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
    D_local = T.sblock_alloc_buffer((n, 256), scope="local")
    B_global = T.sblock_alloc_buffer((n, 256))
    for i_0, i_1, j in T.grid(T.int64(16), (n + T.int64(15)) // T.int64(16), 256):
        with T.sblock("B"):
            v_i = T.axis.spatial(n, i_0 * ((n + T.int64(15)) // T.int64(16)) + i_1)
            v_j = T.axis.spatial(256, j)
            T.where(i_0 * ((n + T.int64(15)) // T.int64(16)) + i_1 < n)
            T.reads(A[v_i, v_j])
            T.writes(B_global[v_i, v_j])
            B_global[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)
    for ax0, ax1 in T.grid(n, 256):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_global[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_global[v0, v1]
    for i, j in T.grid(n, 256):
        with T.sblock("C"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0)
    for i, j in T.grid(n, 256):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C[v_i, v_j])
            T.writes(D_local[v_i, v_j])
            D_local[v_i, v_j] = C[v_i, v_j] * C[v_i, v_j]
    for ax0, ax1 in T.grid(n, 256):
        with T.sblock("D_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(D_local[v0, v1])
            T.writes(D[v0, v1])
            D[v0, v1] = D_local[v0, v1]
