# kernel: kernels/ca_int64_loop.py; TVM 0.27's print of it scheduled by fuse_symbolic_digits_merged.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def ca_int64_loop(A: T.Buffer((n, m), "float32"), B: T.Buffer((n, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0, i_1_i_2_j_fused in T.grid((n + T.int64(63)) // T.int64(64), m * T.int64(64)):
        with T.sblock("D"):
            v_i = T.axis.spatial(n, i_0 * T.int64(64) + i_1_i_2_j_fused // m)
            v_j = T.axis.spatial(m, i_1_i_2_j_fused % m)
            T.where((i_0 * T.int64(32) + i_1_i_2_j_fused // (m * T.int64(2))) * T.int64(2) + i_1_i_2_j_fused % (m * T.int64(2)) // m < n)
            T.reads(A[v_i, v_j], B[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j] + T.float32(1.0)
