# kernel: kernels/two_consumers.py; TVM 0.27's print of it scheduled by cache_read_for_one_consumer.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_consumers(A: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32"), D: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64,))
    X = T.sblock_alloc_buffer((64,))
    B_local = T.sblock_alloc_buffer((64,), scope="local")
    for i in range(64):
        with T.sblock("B"):
            vi = T.axis.spatial(64, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)
    for i in range(64):
        with T.sblock("X"):
            vi = T.axis.spatial(64, i)
            T.reads(A[vi])
            T.writes(X[vi])
            X[vi] = A[vi] * T.float32(3.0)
    for i in range(64):
        with T.sblock("C"):
            vi = T.axis.spatial(64, i)
            T.reads(B[vi], X[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + X[vi]
    for ax0 in range(64):
        with T.sblock("B_local"):
            v0 = T.axis.spatial(64, ax0)
            T.reads(B[v0])
            T.writes(B_local[v0])
            B_local[v0] = B[v0]
    for i in range(64):
        with T.sblock("D"):
            vi = T.axis.spatial(64, i)
            T.reads(B_local[vi])
            T.writes(D[vi])
            D[vi] = B_local[vi] * T.float32(2.0)
