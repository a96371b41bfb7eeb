# kernel: kernels/tl_copy14.py; TVM 0.27's print of it scheduled by layout_pad_value_of_indices.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_copy14(A: T.Buffer((14,), "int32"), C: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for axis0, axis1 in T.grid(4, 4):
        with T.sblock("block"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.reads(A[v_axis0 * 4 + v_axis1])
            T.writes(B[v_axis0, v_axis1])
            B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, v_axis0 + v_axis1, A[v_axis0 * 4 + v_axis1])
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi // 4, vi % 4])
            T.writes(C[vi])
            C[vi] = B[vi // 4, vi % 4]
