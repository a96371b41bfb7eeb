# kernel: kernels/square_sum_sqrt.py; TVM 0.27's print of it scheduled by cache_read_before_alloc_statement_reindexed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def square_sum_sqrt(A: T.Buffer((16, 256, 256), "float32"), D: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    C_reindex = T.sblock_alloc_buffer((16,))
    A_local = T.sblock_alloc_buffer((16, 256, 256), scope="local")
    for ax0, ax1, ax2 in T.grid(16, 256, 256):
        with T.sblock("A_local"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v0, v1, v2])
            T.writes(A_local[v0, v1, v2])
            A_local[v0, v1, v2] = A[v0, v1, v2]
    C = T.alloc_buffer((16,))
    for i0, i1_i2_fused_outer, i1_i2_fused_inner in T.grid(16, 65536, 1):
        with T.sblock("C"):
            b = T.axis.spatial(16, i0)
            i = T.axis.reduce(256, i1_i2_fused_outer // 256)
            j = T.axis.reduce(256, i1_i2_fused_outer % 256)
            T.reads(A_local[b, i, j])
            T.writes(C[b])
            with T.init():
                C[b] = T.float32(0.0)
            C[b] = C[b] + A_local[b, i, j] * A_local[b, i, j]
    for ax0 in range(16):
        with T.sblock("C_reindex_reindex"):
            v0 = T.axis.spatial(16, ax0)
            T.reads(C[v0])
            T.writes(C_reindex[v0])
            C_reindex[v0] = C[v0]
    for i0_1 in range(16):
        with T.sblock("D"):
            b_1 = T.axis.spatial(16, i0_1)
            T.reads(C_reindex[b_1])
            T.writes(D[b_1])
            D[b_1] = T.sqrt(C_reindex[b_1])
