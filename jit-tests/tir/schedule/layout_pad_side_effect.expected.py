# kernel: kernels/tl_side_effect.py; TVM 0.27's print of it scheduled by layout_pad_side_effect.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_side_effect(A: T.Buffer((14,), "int32"), D: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    C = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi])
            T.writes(B[vi // 4, vi % 4], C[vi])
            B[vi // 4, vi % 4] = A[vi]
            C[vi] = 0
    for axis0, axis1 in T.grid(4, 4):
        with T.sblock("buffer_B_padding"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.where(axis0 == 3 and 2 <= axis1)
            T.reads()
            T.writes(B[v_axis0, v_axis1])
            B[v_axis0, v_axis1] = 0
    for i in range(14):
        with T.sblock("D"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi // 4, vi % 4], C[vi])
            T.writes(D[vi])
            D[vi] = B[vi // 4, vi % 4] + C[vi]
