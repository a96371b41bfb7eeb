# A kernel for schedule cases (generate.py): in-place updates of a whole buffer (at the root) and of a row (whose region depends on the block variable).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def inplace_2d(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8,), "float32")):
    with T.sblock("scan"):
        T.reads(A[0:8, 0:16], B[0:8])
        T.writes(A[0:8, 0:16])
        for i, j in T.grid(8, 15):
            A[i, j + 1] = A[i, j + 1] + A[i, j] * B[i]
    for i in range(8):
        with T.sblock("norm"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi, 0:16])
            T.writes(A[vi, 0:16])
            for j in range(16):
                A[vi, j] = A[vi, j] * T.float32(0.5)
