# kernel: kernels/tl_int64.py; TVM 0.27's print of it scheduled by layout_pad_int64.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_int64(A: T.Buffer((T.int64(8), T.int64(8)), "int32")):
    # with T.sblock("root"):
    for axis0, axis1 in T.grid(T.int64(8), T.int64(8)):
        with T.sblock("block"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.reads()
            T.writes(A[v_axis0, v_axis1])
            A[v_axis0, v_axis1] = T.if_then_else(v_axis0 == T.int64(7) and T.int64(2) <= v_axis1, 0, 0)
