# A kernel for schedule cases (generate.py), in the form of TVM's compute_inline tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def reverse_partial(A: T.Buffer((64,), "float32"), C: T.Buffer((62,), "float32")):
    B = T.sblock_alloc_buffer((64,))
    for i in range(64):
        with T.sblock("B"):
            vi = T.axis.spatial(64, i)
            B[vi] = A[vi] * T.float32(2.0)
    for i in range(62):
        with T.sblock("C"):
            vi = T.axis.spatial(62, i)
            C[vi] = B[vi] + T.float32(1.0)
