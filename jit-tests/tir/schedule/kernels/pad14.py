# A kernel for schedule cases (generate.py), in the form of TVM's transform_layout tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad14(A: T.Buffer((14,), "float32"), C: T.Buffer((14,), "float32")):
    B = T.sblock_alloc_buffer((14,))
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi] * T.float32(2.0)
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            C[vi] = B[vi] + T.float32(1.0)
