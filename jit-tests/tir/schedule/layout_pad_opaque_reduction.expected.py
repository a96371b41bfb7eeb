# kernel: kernels/tl_opaque_reduction.py; TVM 0.27's print of it scheduled by layout_pad_opaque_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_opaque_reduction(A: T.Buffer((14, 32), "int32"), C: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for axis0, axis1 in T.grid(4, 4):
        B[axis0, axis1] = T.if_then_else(axis0 == 3 and 2 <= axis1, 0, 0)
        for k in range(32):
            with T.sblock("block"):
                T.reads(B[axis0, axis1], A[axis0 * 4 + axis1, k])
                T.writes(B[axis0, axis1])
                B[axis0, axis1] = T.if_then_else(axis0 == 3 and 2 <= axis1, 0, B[axis0, axis1] + A[axis0 * 4 + axis1, k])
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi // 4, vi % 4])
            T.writes(C[vi])
            C[vi] = B[vi // 4, vi % 4]
