# kernel: kernels/reverse_partial.py; TVM 0.27's print of it scheduled by reverse_inline_partial.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_partial(A: T.Buffer((64,), "float32"), C: T.Buffer((62,), "float32")):
    # with T.sblock("root"):
    for i in range(64):
        with T.sblock("B"):
            vi = T.axis.spatial(64, i)
            T.where(i < 62)
            T.reads(A[vi])
            T.writes(C[vi])
            C[vi] = A[vi] * T.float32(2.0) + T.float32(1.0)
