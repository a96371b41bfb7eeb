# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_split_fuse.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sf_not_affine(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (127, 128))
    B = T.match_buffer(b, (127, 128))
    for i in T.serial(0, 4):
        for j, k in T.grid(T.min(31, 126 - i * 32) + 1, 128):
            with T.sblock("B"):
                vi = T.axis.S(127, i * 32 + j)
                vj = T.axis.S(128, k)
                B[vi, vj] = A[vi, vj]
