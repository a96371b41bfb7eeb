# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_copy14(A: T.Buffer((14,), "int32"), C: T.Buffer((14,), "int32")):
    B = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi]
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            C[vi] = B[vi]
