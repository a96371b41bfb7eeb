# kernel: kernels/pool_halo_start.py; TVM 0.27's print of it scheduled by blockize_keeps_likely.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pool_halo_start(X: T.Buffer((224, 224), "float32"), Y: T.Buffer((224, 224), "float32")):
    # with T.sblock("root"):
    cache = T.sblock_alloc_buffer((224, 224))
    for hh, ww in T.grid(224, 224):
        with T.sblock("cache"):
            h, w = T.axis.remap("SS", [hh, ww])
            T.reads(X[h, w])
            T.writes(cache[h, w])
            cache[h, w] = X[h, w]
    with T.sblock("compute_o"):
        h_o = T.axis.spatial(1, 0)
        w_o = T.axis.spatial(1, 0)
        kh_o = T.axis.reduce(1, 0)
        kw_o = T.axis.reduce(1, 0)
        T.reads(cache[-2:224, -2:224])
        T.writes(Y[0:224, 0:224])
        with T.init():
            for hh_0, ww_0, hh_1, ww_1 in T.grid(28, 28, 8, 8):
                with T.sblock("compute_init"):
                    h_i_init = T.axis.spatial(224, hh_0 * 8 + hh_1)
                    w_i_init = T.axis.spatial(224, ww_0 * 8 + ww_1)
                    T.reads()
                    T.writes(Y[h_i_init, w_i_init])
                    Y[h_i_init, w_i_init] = T.float32(0.0)
        for hh_0, ww_0, hh_1, ww_1, khh, kww in T.grid(28, 28, 8, 8, 3, 3):
            with T.sblock("compute"):
                h_i = T.axis.spatial(224, hh_0 * 8 + hh_1)
                w_i = T.axis.spatial(224, ww_0 * 8 + ww_1)
                kh_i, kw_i = T.axis.remap("RR", [khh, kww])
                T.reads(Y[h_i, w_i], cache[h_i + kh_i - 2, w_i + kw_i - 2])
                T.writes(Y[h_i, w_i])
                Y[h_i, w_i] = T.max(Y[h_i, w_i], T.if_then_else(T.likely(2 <= h_i + kh_i) and T.likely(2 <= w_i + kw_i), cache[h_i + kh_i - 2, w_i + kw_i - 2], T.float32(0.0)))
