# A kernel for schedule cases (generate.py): a 10x10 copy, fused and split.
@T.prim_func(s_tir=True)
def copy_10x10(A: T.Buffer((10, 10), "float32"), C: T.Buffer((10, 10), "float32")):
    for i, j in T.grid(10, 10):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj]
