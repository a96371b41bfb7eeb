# kernel: kernels/pool_halo_end.py; TVM 0.27's print of it scheduled by cache_write_clipped_halo_end.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pool_halo_end(X: T.Buffer((224, 224), "float32"), Y: T.Buffer((224, 224), "float32")):
    # with T.sblock("root"):
    cache = T.sblock_alloc_buffer((224, 224))
    cache_global = T.sblock_alloc_buffer((224, 224))
    for hh_0, ww_0 in T.grid(28, 28):
        for ax0, ax1 in T.grid(10, 10):
            with T.sblock("cache"):
                h = T.axis.spatial(224, hh_0 * 8 + ax0)
                w = T.axis.spatial(224, ww_0 * 8 + ax1)
                T.where(hh_0 * 8 + ax0 < 224 and ww_0 * 8 + ax1 < 224)
                T.reads(X[h, w])
                T.writes(cache_global[h, w])
                cache_global[h, w] = X[h, w]
        for ax0, ax1 in T.grid(224 - T.max(hh_0 * 8, 214), 224 - T.max(ww_0 * 8, 214)):
            with T.sblock("cache_global"):
                v0 = T.axis.spatial(224, hh_0 * 8 + ax0)
                v1 = T.axis.spatial(224, ww_0 * 8 + ax1)
                T.reads(cache_global[v0, v1])
                T.writes(cache[v0, v1])
                cache[v0, v1] = cache_global[v0, v1]
        for hh_1, ww_1, khh, kww in T.grid(8, 8, 3, 3):
            with T.sblock("compute"):
                h = T.axis.spatial(224, hh_0 * 8 + hh_1)
                w = T.axis.spatial(224, ww_0 * 8 + ww_1)
                kh, kw = T.axis.remap("RR", [khh, kww])
                T.reads(cache[h + kh, w + kw])
                T.writes(Y[h, w])
                with T.init():
                    Y[h, w] = T.float32(0.0)
                Y[h, w] = T.max(Y[h, w], T.if_then_else(T.likely(h + kh < 224) and T.likely(w + kw < 224), cache[h + kh, w + kw], T.float32(0.0)))
