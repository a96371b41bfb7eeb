# A kernel for schedule cases (generate.py), from TVM's fuse_reduction_epilogue tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def mm_epilogues(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32"), C: T.Buffer((32,), "float32"), D: T.Buffer((32, 32), "float32"), E: T.Buffer((32, 32), "float32"), F: T.Buffer((32, 32), "float32")):
    temp = T.sblock_alloc_buffer((32, 32))
    temp2 = T.sblock_alloc_buffer((32, 32))
    temp3 = T.sblock_alloc_buffer((32, 32))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp[vi, vj] = T.float32(0.0)
            temp[vi, vj] = temp[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(32, 32):
        with T.sblock("bias_relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = T.max(temp[vi, vj] + C[vj], T.float32(0.0))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul2"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp2[vi, vj] = T.float32(0.0)
            temp2[vi, vj] = temp2[vi, vj] + A[vk, vi] * B[vk, vj]
    for i, j in T.grid(32, 32):
        with T.sblock("clip"):
            vi, vj = T.axis.remap("SS", [i, j])
            E[vi, vj] = T.max(T.float32(-5.0), T.min(temp2[vi, vj], T.float32(40.0)))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul3"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp3[vi, vj] = T.float32(0.0)
            temp3[vi, vj] = temp3[vi, vj] + A[vi, vk] * A[vk, vj]
    for i, j in T.grid(32, 32):
        with T.sblock("relu6"):
            vi, vj = T.axis.remap("SS", [i, j])
            F[vi, vj] = T.min(T.float32(6.0), T.max(C[vi] * T.float32(2.0) + temp3[vi, vj], T.float32(0.0)))
