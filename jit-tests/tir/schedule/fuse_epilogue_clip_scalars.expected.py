# kernel: kernels/mm_clip_scalars.py; TVM 0.27's print of it scheduled by fuse_epilogue_clip_scalars.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm_clip_scalars(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32"), D: T.Buffer((8, 8), "float32"), E: T.Buffer((8, 8), "float32"), F: T.Buffer((8, 8), "float32"), lower: T.float32, upper: T.float32):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((8, 8))
    temp2 = T.sblock_alloc_buffer((8, 8))
    temp3 = T.sblock_alloc_buffer((8, 8))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(D[vi, vj])
            with T.init():
                D[vi, vj] = T.min(upper, T.max(T.float32(0.0), lower))
            D[vi, vj] = T.min(upper, T.max(D[vi, vj] + A[vi, vk] * B[vj, vk], lower))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul2"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(E[vi, vj])
            with T.init():
                E[vi, vj] = T.max(lower, T.min(T.float32(0.0), upper))
            E[vi, vj] = T.max(lower, T.min(E[vi, vj] + A[vi, vk] * B[vj, vk], upper))
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("matmul3"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(F[vi, vj])
            with T.init():
                F[vi, vj] = T.min(T.min(T.float32(0.0), lower), upper)
            F[vi, vj] = T.min(T.min(F[vi, vj] + A[vi, vk] * B[vj, vk], lower), upper)
