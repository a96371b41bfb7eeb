# kernel: kernels/two_producers.py; TVM 0.27's print of it scheduled by ca_index_first.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_producers(A: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64,))
    X = T.sblock_alloc_buffer((64,))
    for i in range(64):
        with T.sblock("X"):
            vi = T.axis.spatial(64, i)
            T.reads(A[vi])
            T.writes(X[vi])
            X[vi] = A[vi] * T.float32(3.0)
        with T.sblock("B"):
            vi = T.axis.spatial(64, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)
        with T.sblock("C"):
            vi = T.axis.spatial(64, i)
            T.reads(B[vi], X[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + X[vi]
