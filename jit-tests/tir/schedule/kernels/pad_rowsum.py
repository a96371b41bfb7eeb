# A kernel for schedule cases (generate.py), in the form of TVM's transform_layout tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad_rowsum(A: T.Buffer((14, 32), "int32"), C: T.Buffer((14,), "int32")):
    B = T.sblock_alloc_buffer((14,), "int32")
    for i, k in T.grid(14, 32):
        with T.sblock("block"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            C[vi] = B[vi]
