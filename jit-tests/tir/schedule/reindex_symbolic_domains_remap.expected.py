# kernel: kernels/te_window_sum_int64.py; TVM 0.27's print of it scheduled by reindex_symbolic_domains_remap.trace (generate.py)
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
    Y_reindex = T.sblock_alloc_buffer((1, 8, h, w))
    for i0, i1, i2, i3 in T.grid(1, 8, h + T.int64(2), w + T.int64(2)):
        with T.sblock("P"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(X[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(P[v_i0, v_i1, v_i2, v_i3])
            P[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 <= h and T.int64(1) <= v_i3 and v_i3 <= w, X[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0.0))
    for n, r_0, r_1, y, s, x, c in T.grid(1, 1, 5, h, 3, w, 8):
        with T.sblock("Y"):
            v_n, v_c, v_y, v_x = T.axis.remap("SSSS", [n, c, y, x])
            v_r = T.axis.reduce(3, r_0 * 5 + r_1)
            v_s = T.axis.reduce(3, s)
            T.where(r_0 * 5 + r_1 < 3)
            T.reads(P[v_n, v_c, v_y + T.Cast("int64", v_r), v_x + T.Cast("int64", v_s)])
            T.writes(Y_reindex[v_n, v_c, v_y, v_x])
            with T.init():
                Y_reindex[v_n, v_c, v_y, v_x] = T.float32(0.0)
            Y_reindex[v_n, v_c, v_y, v_x] = Y_reindex[v_n, v_c, v_y, v_x] + P[v_n, v_c, v_y + T.Cast("int64", v_r), v_x + T.Cast("int64", v_s)]
    for ax0, ax1, ax2, ax3 in T.grid(1, 8, h, w):
        with T.sblock("Y_reindex"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(Y_reindex[v0, v1, v2, v3])
            T.writes(Y[v0, v1, v2, v3])
            Y[v0, v1, v2, v3] = Y_reindex[v0, v1, v2, v3]
