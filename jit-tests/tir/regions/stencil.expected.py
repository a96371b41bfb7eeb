# TVM 0.27's print of stencil.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def stencil(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi:vi + 3])
            T.writes(B[vi + 1])
            B[vi + 1] = A[vi] + A[vi + 2] + A[vi + 1]
