# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_split_fuse.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sf_symbolic_2d(a: T.handle, b: T.handle, M: T.int32, N: T.int32) -> None:
    A = T.match_buffer(a, (M, N))
    B = T.match_buffer(b, (M, N))
    for i, j in T.grid(M, N):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
