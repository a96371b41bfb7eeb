# kernel: kernels/mm_epilogues.py; TVM 0.27's print of it scheduled by fuse_epilogue_three.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm_epilogues(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32"), C: T.Buffer((32,), "float32"), D: T.Buffer((32, 32), "float32"), E: T.Buffer((32, 32), "float32"), F: T.Buffer((32, 32), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((32, 32))
    temp2 = T.sblock_alloc_buffer((32, 32))
    temp3 = T.sblock_alloc_buffer((32, 32))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(C[vj], A[vi, vk], B[vj, vk])
            T.writes(D[vi, vj])
            with T.init():
                D[vi, vj] = T.max(C[vj], T.float32(0.0))
            D[vi, vj] = T.max(D[vi, vj] + A[vi, vk] * B[vj, vk], T.float32(0.0))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul2"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vk, vi], B[vk, vj])
            T.writes(E[vi, vj])
            with T.init():
                E[vi, vj] = T.float32(0.0)
            E[vi, vj] = T.max(T.float32(-5.0), T.min(E[vi, vj] + A[vk, vi] * B[vk, vj], T.float32(40.0)))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("matmul3"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(C[vi], A[T.min(vi, vk):T.min(vi, vk) + (T.max(vi, vk) + 1 - T.min(vi, vk)), T.min(vk, vj):T.min(vk, vj) + (T.max(vk, vj) + 1 - T.min(vk, vj))])
            T.writes(F[vi, vj])
            with T.init():
                F[vi, vj] = T.min(T.float32(6.0), T.max(C[vi] * T.float32(2.0), T.float32(0.0)))
            F[vi, vj] = T.min(T.float32(6.0), T.max(F[vi, vj] + A[vi, vk] * A[vk, vj], T.float32(0.0)))
