# kernel: kernels/pad14.py; TVM 0.27's print of it scheduled by layout_pad_assume_injective.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad14(A: T.Buffer((14,), "float32"), C: T.Buffer((14,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4))
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi])
            T.writes(B[vi // 4, vi % 4])
            B[vi // 4, vi % 4] = A[vi] * T.float32(2.0)
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi // 4, vi % 4])
            T.writes(C[vi])
            C[vi] = B[vi // 4, vi % 4] + T.float32(1.0)
