# A kernel for schedule cases (generate.py), from TVM's fuse_reduction_epilogue tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def mm_bias_int8(A: T.Buffer((16, 16), "int8"), B: T.Buffer((16, 16), "int8"), C: T.Buffer((16, 16), "int32"), D: T.Buffer((16, 16), "int32")):
    temp = T.sblock_alloc_buffer((16, 16), "int32")
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("multiply"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp[vi, vj] = T.int32(0)
            temp[vi, vj] = temp[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vj, vk])
    for i, j in T.grid(16, 16):
        with T.sblock("add"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = temp[vi, vj] + C[vi, vj]
