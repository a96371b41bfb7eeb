# kernel: kernels/tl_copy14.py; TVM 0.27's print of it scheduled by layout_pad_input_assumption.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_copy14(A: T.Buffer((4, 4), "int32"), C: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((14,), "int32")
    for axis0, axis1 in T.grid(4, 4):
        with T.sblock("buffer_A_assumptions"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.reads(A[v_axis0, v_axis1])
            T.writes()
            T.assume(not (v_axis0 == 3 and 2 <= v_axis1) or A[v_axis0, v_axis1] == 42)
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi // 4, vi % 4])
            T.writes(B[vi])
            B[vi] = A[vi // 4, vi % 4]
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi])
            T.writes(C[vi])
            C[vi] = B[vi]
