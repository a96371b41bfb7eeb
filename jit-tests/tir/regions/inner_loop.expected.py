# TVM 0.27's print of inner_loop.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inner_loop(A: T.Buffer((8, 16), "float32"), C: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i in range(8):
        with T.sblock("C"):
            vi = T.axis.spatial(8, i)
            T.reads(C[vi], A[vi, 1:8])
            T.writes(C[vi])
            C[vi] = T.float32(0.0)
            for k in range(4):
                C[vi] = C[vi] + A[vi, k * 2 + 1]
