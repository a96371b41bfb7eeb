# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by ca_metaschedule_cache.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    C_global = T.sblock_alloc_buffer((128, 128))
    for i_0, j_0 in T.grid(8, 8):
        for k, i_1, j_1 in T.grid(128, 16, 16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj = T.axis.spatial(128, j_0 * 16 + j_1)
                vk = T.axis.reduce(128, k)
                T.reads(A[vi, vk], B[vk, vj])
                T.writes(C_global[vi, vj])
                with T.init():
                    C_global[vi, vj] = T.float32(0.0)
                C_global[vi, vj] = C_global[vi, vj] + A[vi, vk] * B[vk, vj]
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("C_global"):
                v0 = T.axis.spatial(128, i_0 * 16 + ax0)
                v1 = T.axis.spatial(128, j_0 * 16 + ax1)
                T.reads(C_global[v0, v1])
                T.writes(C[v0, v1])
                C[v0, v1] = C_global[v0, v1]
