# A kernel for schedule cases (generate.py): two sibling stages writing halves of one buffer.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_root(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16, 32), "float32")):
    for i, j in T.grid(16, 16):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(16, 16):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj + 16] = A[vi, vj + 16] + 1.0
