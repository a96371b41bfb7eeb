# TVM 0.27's print of local_buffer.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def local_buffer(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i in range(8):
        with T.sblock("B"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi - 1:vi - 1 + 2])
            T.writes(B[vi])
            t = T.sblock_alloc_buffer((1,))
            t[0] = A[vi] * T.float32(2.0)
            B[vi] = t[0] + T.if_then_else(vi > 0, A[vi - 1], T.float32(0.0))
