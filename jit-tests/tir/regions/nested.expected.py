# TVM 0.27's print of nested.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def nested(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    # with T.sblock("root"):
    for i in range(4):
        with T.sblock("outer"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi, 0:4])
            T.writes(B[vi, 0:4])
            for j in range(4):
                with T.sblock("inner"):
                    vj = T.axis.spatial(4, j)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] + T.float32(1.0)
