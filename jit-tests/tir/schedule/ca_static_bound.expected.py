# kernel: kernels/ca_static_bound.py; TVM 0.27's print of it scheduled by ca_static_bound.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def static_bound(A: T.Buffer((32, 1), "float32"), C: T.Buffer((32, 1), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((32, 1))
    for i in range(32):
        for ax0, ax1 in T.grid(1, 1):
            with T.sblock("B"):
                vi = T.axis.spatial(32, i + ax0)
                vj = T.axis.spatial(1, ax1)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for j in range(32):
            with T.sblock("C"):
                vi = T.axis.spatial(32, i)
                vj = T.axis.spatial(1, j)
                T.where(j < 1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
