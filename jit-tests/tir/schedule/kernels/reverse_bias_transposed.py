# A kernel for schedule cases (generate.py), in the form of TVM's compute_inline tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def reverse_bias_transposed(A: T.Buffer((64, 32), "float32"), C: T.Buffer((32, 64), "float32"), D: T.Buffer((32, 64), "float32")):
    B = T.sblock_alloc_buffer((64, 32))
    for i, j in T.grid(64, 32):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(32, 64):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vj, vi] + D[vi, vj] * B[vj, vi]
