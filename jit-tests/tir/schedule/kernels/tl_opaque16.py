# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_opaque16(C: T.Buffer((16,), "int32")):
    A = T.sblock_alloc_buffer((16,), "int32")
    for i in range(16):
        with T.sblock("block"):
            A[i] = 0
    for i in range(16):
        with T.sblock("C"):
            vi = T.axis.spatial(16, i)
            C[vi] = A[vi]
