# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_cache_write.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_local = T.sblock_alloc_buffer((256, 256), scope="local")
    for i_0 in range(32):
        for i_1, j in T.grid(8, 256):
            with T.sblock("C_init"):
                vi = T.axis.spatial(256, i_0 * 8 + i_1)
                vj = T.axis.spatial(256, j)
                T.reads()
                T.writes(C_local[vi, vj])
                C_local[vi, vj] = T.float32(0.0)
            for k in range(256):
                with T.sblock("C_update"):
                    vi = T.axis.spatial(256, i_0 * 8 + i_1)
                    vj, vk = T.axis.remap("SR", [j, k])
                    T.reads(C_local[vi, vj], A[vi, vk], B[vk, vj])
                    T.writes(C_local[vi, vj])
                    C_local[vi, vj] = C_local[vi, vj] + A[vi, vk] * B[vk, vj]
        for ax0, ax1 in T.grid(8, 256):
            with T.sblock("C_local"):
                v0 = T.axis.spatial(256, i_0 * 8 + ax0)
                v1 = T.axis.spatial(256, ax1)
                T.reads(C_local[v0, v1])
                T.writes(C[v0, v1])
                C[v0, v1] = C_local[v0, v1]
