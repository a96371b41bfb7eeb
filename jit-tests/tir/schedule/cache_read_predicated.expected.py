# kernel: kernels/block_predicate.py; TVM 0.27's print of it scheduled by cache_read_predicated.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def block_predicate():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((120,))
    B = T.sblock_alloc_buffer((120,))
    A_shared = T.sblock_alloc_buffer((120,), scope="shared")
    for i, j in T.grid(16, 8):
        with T.sblock("producer"):
            ax = T.axis.spatial(120, i * 8 + j)
            T.where(i * 8 + j < 120)
            T.reads()
            T.writes(A[ax])
            A[ax] = T.float32(0.0)
    for ax0 in range(120):
        with T.sblock("A_shared"):
            v0 = T.axis.spatial(120, ax0)
            T.reads(A[v0])
            T.writes(A_shared[v0])
            A_shared[v0] = A[v0]
    for i, j in T.grid(16, 8):
        with T.sblock("consumer"):
            ax = T.axis.spatial(120, i * 8 + j)
            T.where(i * 8 + j < 120)
            T.reads(A_shared[ax])
            T.writes(B[ax])
            B[ax] = A_shared[ax] + T.float32(1.0)
