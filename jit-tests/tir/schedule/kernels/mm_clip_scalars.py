# A kernel for schedule cases (generate.py), from TVM's fuse_reduction_epilogue clipping tests:
# bounds given as scalar parameters, and the commutative and nested forms of a clip.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def mm_clip_scalars(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32"), D: T.Buffer((8, 8), "float32"), E: T.Buffer((8, 8), "float32"), F: T.Buffer((8, 8), "float32"), lower: T.float32, upper: T.float32):
    temp = T.sblock_alloc_buffer((8, 8))
    temp2 = T.sblock_alloc_buffer((8, 8))
    temp3 = T.sblock_alloc_buffer((8, 8))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp[vi, vj] = T.float32(0.0)
            temp[vi, vj] = temp[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(8, 8):
        with T.sblock("clip"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = T.min(upper, T.max(temp[vi, vj], lower))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul2"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp2[vi, vj] = T.float32(0.0)
            temp2[vi, vj] = temp2[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(8, 8):
        with T.sblock("clip2"):
            vi, vj = T.axis.remap("SS", [i, j])
            E[vi, vj] = T.max(lower, T.min(temp2[vi, vj], upper))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul3"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp3[vi, vj] = T.float32(0.0)
            temp3[vi, vj] = temp3[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(8, 8):
        with T.sblock("clip3"):
            vi, vj = T.axis.remap("SS", [i, j])
            F[vi, vj] = T.min(T.min(temp3[vi, vj], lower), upper)
