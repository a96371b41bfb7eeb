# kernel: kernels/ca_int64_loop.py; TVM 0.27's print of it scheduled by split_under_guard_of_fused_quotient.trace (generate.py)
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
    C_reindex = T.sblock_alloc_buffer((n, m))
    for i_j_fused_0, i_j_fused_1_0, i_j_fused_1_1 in T.grid((n * m + T.int64(1)) // T.int64(2), T.int64(2), T.int64(1)):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, (i_j_fused_0 * T.int64(2) + i_j_fused_1_0 + i_j_fused_1_1) // m)
            v_j = T.axis.spatial(m, (i_j_fused_0 * T.int64(2) + i_j_fused_1_0 + i_j_fused_1_1) % m)
            T.where(i_j_fused_0 * T.int64(2) + (i_j_fused_1_0 + i_j_fused_1_1) < n * m)
            T.reads(A[v_i, v_j], B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j]
    for ax0, ax1 in T.grid(n, m):
        with T.sblock("C_reindex_reindex"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C[v0, v1])
            T.writes(C_reindex[v0, v1])
            C_reindex[v0, v1] = C[v0, v1]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C_reindex[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = C_reindex[v_i, v_j] + T.float32(1.0)
