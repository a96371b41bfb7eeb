# kernel: kernels/reverse_reshape_1d.py; TVM 0.27's print of it scheduled by reverse_inline_reshape_1d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_reshape_1d(A: T.Buffer((4096,), "float32"), D: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    for i in range(4096):
        with T.sblock("B"):
            vi = T.axis.spatial(4096, i)
            T.reads(A[vi])
            T.writes(D[vi // 64, vi % 64])
            D[vi // 64, vi % 64] = A[vi] * T.float32(2.0) + T.float32(1.0)
