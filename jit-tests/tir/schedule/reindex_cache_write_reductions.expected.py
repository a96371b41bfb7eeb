# kernel: kernels/reduce4.py; TVM 0.27's print of it scheduled by reindex_cache_write_reductions.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reduce4(A: T.Buffer((16, 8, 8, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16, 8, 8))
    B_shared = T.sblock_alloc_buffer((8, 16, 8), scope="shared")
    C_shared = T.sblock_alloc_buffer((8, 16), scope="shared")
    for i, j, k in T.grid(16, 8, 8):
        for l in range(8):
            with T.sblock("B"):
                vi, vj, vk, vl = T.axis.remap("SSSR", [i, j, k, l])
                T.reads(A[vi, vj, vk, vl])
                T.writes(B_shared[vj, vi, vk])
                with T.init():
                    B_shared[vj, vi, vk] = T.float32(0.0)
                B_shared[vj, vi, vk] = B_shared[vj, vi, vk] + A[vi, vj, vk, vl]
        with T.sblock("B_shared"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(B_shared[vj, vi, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = B_shared[vj, vi, vk]
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(B[vi, vj, vk])
            T.writes(C_shared[vj, vi])
            with T.init():
                C_shared[vj, vi] = T.float32(0.0)
            C_shared[vj, vi] = C_shared[vj, vi] + B[vi, vj, vk]
    for i, j in T.grid(16, 8):
        with T.sblock("C_shared"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(C_shared[vj, vi])
            T.writes(C[vi, vj])
            C[vi, vj] = C_shared[vj, vi]
