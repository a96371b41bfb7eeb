# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_side_effect(A: T.Buffer((14,), "int32"), D: T.Buffer((14,), "int32")):
    B = T.sblock_alloc_buffer((14,), "int32")
    C = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi]
            C[vi] = 0
    for i in range(14):
        with T.sblock("D"):
            vi = T.axis.spatial(14, i)
            D[vi] = B[vi] + C[vi]
