# A kernel for schedule cases (generate.py): a block a non-dividing split will predicate.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_pred(A: T.Buffer((127,), "float32"), B: T.Buffer((127,), "float32")):
    for i in range(127):
        with T.sblock("B"):
            vi = T.axis.spatial(127, i)
            B[vi] = A[vi] * 2.0
