# A kernel for schedule cases (generate.py): an intermediate and a constant index for pad_einsum.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ew_pad(A: T.Buffer((100, 30), "float32"), C: T.Buffer((100, 30), "float32")):
    B = T.sblock_alloc_buffer((100, 30))
    for i, j in T.grid(100, 30):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(100, 30):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + A[vi, 0]
