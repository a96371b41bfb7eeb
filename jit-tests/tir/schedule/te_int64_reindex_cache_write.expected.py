# kernel: kernels/te_matmul_relu_int64.py; TVM 0.27's print of it scheduled by te_int64_reindex_cache_write.trace (generate.py)
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
    C_local = T.sblock_alloc_buffer((m, n), scope="local")
    for i, j, k in T.grid(n, m, 128):
        with T.sblock("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(A[v_i, v_k], B[v_k, v_j])
            T.writes(C_local[v_j, v_i])
            with T.init():
                C_local[v_j, v_i] = T.float32(0.0)
            C_local[v_j, v_i] = C_local[v_j, v_i] + A[v_i, v_k] * B[v_k, v_j]
    for i, j in T.grid(n, m):
        with T.sblock("C_local"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C_local[v_j, v_i])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = C_local[v_j, v_i]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = T.max(C[v_i, v_j], T.float32(0.0))
