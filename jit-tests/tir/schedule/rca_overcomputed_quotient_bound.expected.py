# kernel: kernels/ci_overcomputed_simplify.py; TVM 0.27's print of it scheduled by rca_overcomputed_quotient_bound.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ci_overcomputed_simplify_predicate(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i in range(16384):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i // 128)
            vj = T.axis.spatial(128, i % 128)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for ax0, ax1 in T.grid(1, 1):
            with T.sblock("C"):
                cvi = T.axis.spatial(127, i // 128 + ax0)
                cvj = T.axis.spatial(127, i % 128 + ax1)
                T.where(i < 16255 and i % 128 < 127)
                T.reads(B[cvi, cvj])
                T.writes(C[cvi, cvj])
                C[cvi, cvj] = B[cvi, cvj] + T.float32(1.0)
