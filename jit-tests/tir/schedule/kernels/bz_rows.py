# A kernel for schedule cases (generate.py): two sibling stages writing halves of one buffer.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_rows(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4, 32), "float32")):
    for i in range(4):
        for j in range(16):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * 2.0
        for j in range(16):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj + 16] = A[vi, vj] + 1.0
