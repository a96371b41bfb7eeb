# kernel: kernels/multi_consumer.py; TVM 0.27's print of it scheduled by reindex_cache_read_in_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multi_consumer():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((128,))
    B = T.sblock_alloc_buffer((128,))
    C = T.sblock_alloc_buffer((128,))
    A_shared = T.sblock_alloc_buffer((4, 32), scope="shared")
    for i in range(8):
        for j in range(16):
            with T.sblock("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads()
                T.writes(A[vi])
                A[vi] = T.float32(1.0)
        for j in range(16):
            with T.sblock("A_shared"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads(A[vi])
                T.writes(A_shared[vi // 32, vi % 32])
                A_shared[vi // 32, vi % 32] = A[vi]
        for j in range(16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads(A_shared[vi // 32, vi % 32])
                T.writes(B[vi])
                B[vi] = A_shared[vi // 32, vi % 32] + T.float32(1.0)
    for i in range(128):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(C[vi])
            C[vi] = A[vi]
