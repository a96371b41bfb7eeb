# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_cache_read.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_local = T.sblock_alloc_buffer((256, 256), scope="local")
    B_global = T.sblock_alloc_buffer((256, 256))
    for i, j in T.grid(256, 256):
        for ax0 in range(256):
            with T.sblock("B_global"):
                v0, v1 = T.axis.remap("SS", [ax0, j])
                T.reads(B[v0, v1])
                T.writes(B_global[v0, v1])
                B_global[v0, v1] = B[v0, v1]
        for k in range(256):
            with T.sblock("A_local"):
                v0, v1 = T.axis.remap("SS", [i, k])
                T.reads(A[v0, v1])
                T.writes(A_local[v0, v1])
                A_local[v0, v1] = A[v0, v1]
            with T.sblock("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                T.reads(A_local[vi, vk], B_global[vk, vj])
                T.writes(C[vi, vj])
                with T.init():
                    C[vi, vj] = T.float32(0.0)
                C[vi, vj] = C[vi, vj] + A_local[vi, vk] * B_global[vk, vj]
