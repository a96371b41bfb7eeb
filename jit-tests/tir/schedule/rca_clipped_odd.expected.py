# kernel: kernels/ew_odd.py; TVM 0.27's print of it scheduled by rca_clipped_odd.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ew_odd(A: T.Buffer((100, 100), "float32"), C: T.Buffer((100, 100), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((100, 100))
    for i_0 in range(13):
        for i_1, j in T.grid(8, 100):
            with T.sblock("B"):
                vi = T.axis.spatial(100, i_0 * 8 + i_1)
                vj = T.axis.spatial(100, j)
                T.where(i_0 * 8 + i_1 < 100)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for ax0, ax1 in T.grid(8, 100):
            with T.sblock("C"):
                vi = T.axis.spatial(100, i_0 * 8 + ax0)
                vj = T.axis.spatial(100, ax1)
                T.where(i_0 * 8 + ax0 < 100)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
