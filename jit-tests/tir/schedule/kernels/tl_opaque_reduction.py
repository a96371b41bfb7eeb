# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_opaque_reduction(A: T.Buffer((14, 32), "int32"), C: T.Buffer((14,), "int32")):
    B = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        B[i] = 0
        for k in range(32):
            with T.sblock("block"):
                B[i] = B[i] + A[i, k]
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            C[vi] = B[vi]
