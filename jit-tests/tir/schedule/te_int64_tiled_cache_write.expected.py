# kernel: kernels/te_matmul_relu_int64.py; TVM 0.27's print of it scheduled by te_int64_tiled_cache_write.trace (generate.py)
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
    C_local = T.sblock_alloc_buffer((n, m), scope="local")
    for i_0, j_0 in T.grid((n + T.int64(3)) // T.int64(4), (m + T.int64(15)) // T.int64(16)):
        for k, i_1, j_1 in T.grid(128, T.int64(4), T.int64(16)):
            with T.sblock("C"):
                v_i = T.axis.spatial(n, i_0 * T.int64(4) + i_1)
                v_j = T.axis.spatial(m, j_0 * T.int64(16) + j_1)
                v_k = T.axis.reduce(128, k)
                T.where(i_0 * T.int64(4) + i_1 < n and j_0 * T.int64(16) + j_1 < m)
                T.reads(A[v_i, v_k], B[v_k, v_j])
                T.writes(C_local[v_i, v_j])
                with T.init():
                    C_local[v_i, v_j] = T.float32(0.0)
                C_local[v_i, v_j] = C_local[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
        for ax0, ax1 in T.grid(T.int64(4), T.int64(16)):
            with T.sblock("C_local"):
                v0 = T.axis.spatial(n, i_0 * T.int64(4) + ax0)
                v1 = T.axis.spatial(m, j_0 * T.int64(16) + ax1)
                T.where(i_0 * T.int64(4) + ax0 < n and j_0 * T.int64(16) + ax1 < m)
                T.reads(C_local[v0, v1])
                T.writes(C[v0, v1])
                C[v0, v1] = C_local[v0, v1]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = T.max(C[v_i, v_j], T.float32(0.0))
