# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_blockize.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_int64(A: T.Buffer((T.int64(16), T.int64(128)), "float32"), B: T.Buffer((T.int64(16), T.int64(128)), "float32")) -> None:
    for i0, j0, i1, j1 in T.grid(T.int64(1), T.int64(8), T.int64(16), T.int64(16)):
        with T.sblock("B"):
            vi = T.axis.S(T.int64(16), i0 * T.int64(16) + i1)
            vj = T.axis.S(T.int64(128), j0 * T.int64(16) + j1)
            B[vi, vj] = A[vi, vj] + 1.0
