# kernel: kernels/mm_epilogues.py; TVM 0.27's print of it scheduled by fuse_epilogue_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm_epilogues(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32"), C: T.Buffer((32,), "float32"), D: T.Buffer((32, 32), "float32"), E: T.Buffer((32, 32), "float32"), F: T.Buffer((32, 32), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((32, 32))
    temp2 = T.sblock_alloc_buffer((32, 32))
    temp3 = T.sblock_alloc_buffer((32, 32))
    for i_0 in T.parallel(4):
        for j, i_1, k in T.grid(32, 8, 32):
            with T.sblock("matmul"):
                vi = T.axis.spatial(32, i_0 * 8 + i_1)
                vj, vk = T.axis.remap("SR", [j, k])
                T.reads(C[vj], A[vi, vk], B[vj, vk])
                T.writes(D[vi, vj])
                with T.init():
                    D[vi, vj] = T.max(C[vj], T.float32(0.0))
                D[vi, vj] = T.max(D[vi, vj] + A[vi, vk] * B[vj, vk], T.float32(0.0))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul2"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vk, vi], B[vk, vj])
            T.writes(temp2[vi, vj])
            with T.init():
                temp2[vi, vj] = T.float32(0.0)
            temp2[vi, vj] = temp2[vi, vj] + A[vk, vi] * B[vk, vj]
    for i, j in T.grid(32, 32):
        with T.sblock("clip"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp2[vi, vj])
            T.writes(E[vi, vj])
            E[vi, vj] = T.max(T.float32(-5.0), T.min(temp2[vi, vj], T.float32(40.0)))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul3"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[T.min(vi, vk):T.min(vi, vk) + (T.max(vi, vk) + 1 - T.min(vi, vk)), T.min(vk, vj):T.min(vk, vj) + (T.max(vk, vj) + 1 - T.min(vk, vj))])
            T.writes(temp3[vi, vj])
            with T.init():
                temp3[vi, vj] = T.float32(0.0)
            temp3[vi, vj] = temp3[vi, vj] + A[vi, vk] * A[vk, vj]
    for i, j in T.grid(32, 32):
        with T.sblock("relu6"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(C[vi], temp3[vi, vj])
            T.writes(F[vi, vj])
            F[vi, vj] = T.min(T.float32(6.0), T.max(C[vi] * T.float32(2.0) + temp3[vi, vj], T.float32(0.0)))
