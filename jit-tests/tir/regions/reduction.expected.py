# TVM 0.27's print of reduction.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reduction(A: T.Buffer((16,), "float32"), B: T.Buffer((4,), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(4, 4):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SR", [i, j])
            T.reads(A[vi * 4 + vj])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi * 4 + vj]
