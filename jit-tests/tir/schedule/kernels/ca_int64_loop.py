# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py
# (test_compute_at_int64_loop: TVM 0.27's print of its te.create_prim_func).
# from typing import TypeVar
# from tvm.script import tirx as T

m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def ca_int64_loop(A: T.Buffer((n, m), "float32"), B: T.Buffer((n, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    C = T.sblock_alloc_buffer((n, m))
    for i, j in T.grid(n, m):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(m, j)
            T.reads(A[v_i, v_j], B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(m, j)
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = C[v_i, v_j] + T.float32(1.0)
