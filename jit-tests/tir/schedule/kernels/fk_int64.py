# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_for_kind.py.
# from tvm.script import tirx as T

@T.prim_func(private=True, s_tir=True)
def fk_int64(A: T.Buffer((T.int64(128), T.int64(128))), B: T.Buffer((T.int64(128), T.int64(128)))) -> None:
    for i, j in T.grid(T.int64(128), T.int64(128)):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
