# kernel: kernels/tl_no_loop.py; TVM 0.27's print of it scheduled by layout_pad_no_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_no_loop(A: T.Buffer((4, 4), "int32"), B: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    with T.sblock("block"):
        T.reads()
        T.writes(A[0, 0])
        A[0, 0] = 0
    for axis0, axis1 in T.grid(4, 4):
        with T.sblock("buffer_A_padding"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.where(axis0 == 3 and 2 <= axis1)
            T.reads()
            T.writes(A[v_axis0, v_axis1])
            A[v_axis0, v_axis1] = 0
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi // 4, vi % 4])
            T.writes(B[vi])
            B[vi] = A[vi // 4, vi % 4] + 1
