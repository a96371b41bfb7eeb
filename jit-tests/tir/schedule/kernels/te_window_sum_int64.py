# A kernel for schedule cases (generate.py): TVM 0.27's print of a TE 3x3 window sum over a padded
# input of int64 symbolic height and width (topi.nn.pad, an int32 window).
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

h = TypeVar("h")
w = TypeVar("w")
@T.prim_func(s_tir=True)
def te_window_sum_int64(X: T.Buffer((1, 8, h, w), "float32"), Y: T.Buffer((1, 8, h, w), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    P = T.sblock_alloc_buffer((1, 8, h + T.int64(2), w + T.int64(2)))
    for i0, i1, i2, i3 in T.grid(1, 8, h + T.int64(2), w + T.int64(2)):
        with T.sblock("P"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            v_i2 = T.axis.spatial(h + T.int64(2), i2)
            v_i3 = T.axis.spatial(w + T.int64(2), i3)
            T.reads(X[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(P[v_i0, v_i1, v_i2, v_i3])
            P[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 <= h and T.int64(1) <= v_i3 and v_i3 <= w, X[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0.0))
    for n, c, y, x, r, s in T.grid(1, 8, h, w, 3, 3):
        with T.sblock("Y"):
            v_n, v_c = T.axis.remap("SS", [n, c])
            v_y = T.axis.spatial(h, y)
            v_x = T.axis.spatial(w, x)
            v_r, v_s = T.axis.remap("RR", [r, s])
            T.reads(P[v_n, v_c, v_y + T.Cast("int64", v_r), v_x + T.Cast("int64", v_s)])
            T.writes(Y[v_n, v_c, v_y, v_x])
            with T.init():
                Y[v_n, v_c, v_y, v_x] = T.float32(0.0)
            Y[v_n, v_c, v_y, v_x] = Y[v_n, v_c, v_y, v_x] + P[v_n, v_c, v_y + T.Cast("int64", v_r), v_x + T.Cast("int64", v_s)]
