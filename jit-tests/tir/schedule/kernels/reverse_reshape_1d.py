# A kernel for schedule cases (generate.py), in the form of TVM's compute_inline tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def reverse_reshape_1d(A: T.Buffer((4096,), "float32"), D: T.Buffer((64, 64), "float32")):
    B = T.sblock_alloc_buffer((4096,))
    for i in range(4096):
        with T.sblock("B"):
            vi = T.axis.spatial(4096, i)
            B[vi] = A[vi] * T.float32(2.0)
    for i, j in T.grid(64, 64):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = B[vi * 64 + vj] + T.float32(1.0)
