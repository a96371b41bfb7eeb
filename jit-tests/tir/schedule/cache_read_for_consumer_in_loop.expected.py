# kernel: kernels/multi_consumer.py; TVM 0.27's print of it scheduled by cache_read_for_consumer_in_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multi_consumer():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((128,))
    B = T.sblock_alloc_buffer((128,))
    C = T.sblock_alloc_buffer((128,))
    A_global = T.sblock_alloc_buffer((128,))
    for i in range(8):
        for j in range(16):
            with T.sblock("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads()
                T.writes(A[vi])
                A[vi] = T.float32(1.0)
        for ax0 in range(16):
            with T.sblock("A_global"):
                v0 = T.axis.spatial(128, i * 16 + ax0)
                T.reads(A[v0])
                T.writes(A_global[v0])
                A_global[v0] = A[v0]
        for j in range(16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads(A_global[vi])
                T.writes(B[vi])
                B[vi] = A_global[vi] + T.float32(1.0)
    for i in range(128):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(C[vi])
            C[vi] = A[vi]
