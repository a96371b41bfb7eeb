# kernel: kernels/fk_scatter_compute.py; TVM 0.27's print of it scheduled by fk_scatter_parallel.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_scatter_compute(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in T.parallel(8):
        with T.sblock("first_half"):
            vi = T.axis.spatial(16, 8 + i)
            T.reads(A[vi - 8])
            T.writes(B[vi])
            B[vi] = A[vi - 8]
    for i in T.parallel(8):
        with T.sblock("last_half"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi + 8])
            T.writes(B[vi])
            B[vi] = A[vi + 8]
