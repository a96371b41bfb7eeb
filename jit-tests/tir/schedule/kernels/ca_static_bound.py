# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def static_bound(A: T.Buffer((32, 1), "float32"), C: T.Buffer((32, 1), "float32")) -> None:
    B = T.sblock_alloc_buffer((32, 1), "float32")
    for i, j in T.grid(32, 1):
        with T.sblock("B"):
            vi = T.axis.spatial(32, i)
            vj = T.axis.spatial(1, j)
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(32, 32):
        with T.sblock("C"):
            vi = T.axis.spatial(32, i)
            vj = T.axis.spatial(1, j)
            T.where(j < 1)
            C[vi, vj] = B[vi, vj] + 1.0
