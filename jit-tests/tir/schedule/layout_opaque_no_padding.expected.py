# kernel: kernels/tl_opaque16.py; TVM 0.27's print of it scheduled by layout_opaque_no_padding.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_opaque16(C: T.Buffer((16,), "int32")):
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((4, 4), "int32")
    for i in range(16):
        with T.sblock("block"):
            T.reads()
            T.writes(A[i // 4, i % 4])
            A[i // 4, i % 4] = 0
    for i in range(16):
        with T.sblock("C"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi // 4, vi % 4])
            T.writes(C[vi])
            C[vi] = A[vi // 4, vi % 4]
