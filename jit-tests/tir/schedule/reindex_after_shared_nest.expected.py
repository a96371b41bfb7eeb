# kernel: kernels/reduce4.py; TVM 0.27's print of it scheduled by reindex_after_shared_nest.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reduce4(A: T.Buffer((16, 8, 8, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16, 8, 8))
    C_reindex = T.sblock_alloc_buffer((16, 8))
    for i, j, k in T.grid(16, 8, 8):
        for l in range(8):
            with T.sblock("B"):
                vi, vj, vk, vl = T.axis.remap("SSSR", [i, j, k, l])
                T.reads(A[vi, vj, vk, vl])
                T.writes(B[vi, vj, vk])
                with T.init():
                    B[vi, vj, vk] = T.float32(0.0)
                B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(B[vi, vj, vk])
            T.writes(C_reindex[vi, vj])
            with T.init():
                C_reindex[vi, vj] = T.float32(0.0)
            C_reindex[vi, vj] = C_reindex[vi, vj] + B[vi, vj, vk]
    for ax0 in range(16):
        for ax1 in T.serial(8, annotations={"pragma_auto_unroll_max_step": 64}):
            with T.sblock("C_reindex"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(C_reindex[v0, v1])
                T.writes(C[v0, v1])
                C[v0, v1] = C_reindex[v0, v1]
