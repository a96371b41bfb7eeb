# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by reindex_read_transposed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B_reindex = T.sblock_alloc_buffer((128, 128))
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_reindex_reindex"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[v1, v0])
            T.writes(B_reindex[v0, v1])
            B_reindex[v0, v1] = B[v1, v0]
    for i, j, k in T.grid(128, 128, 128):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B_reindex[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B_reindex[vj, vk]
