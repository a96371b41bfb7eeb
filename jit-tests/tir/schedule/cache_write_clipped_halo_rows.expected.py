# kernel: kernels/ca_tiled_pooling.py; TVM 0.27's print of it scheduled by cache_write_clipped_halo_rows.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tiled_pooling_read_cache(X: T.Buffer((224, 224), "float32"), Y: T.Buffer((224, 224), "float32")):
    # with T.sblock("root"):
    cache = T.sblock_alloc_buffer((224, 224))
    cache_local = T.sblock_alloc_buffer((224, 224), scope="local")
    for hh_0 in range(28):
        for ax0, ax1 in T.grid(10, 224):
            with T.sblock("cache"):
                h = T.axis.spatial(224, hh_0 * 8 - 1 + ax0)
                w = T.axis.spatial(224, ax1)
                T.where(1 <= hh_0 * 8 + ax0 and hh_0 * 8 + ax0 < 225)
                T.reads(X[h, w])
                T.writes(cache_local[h, w])
                cache_local[h, w] = X[h, w]
        for ax0, ax1 in T.grid(225 - T.max(hh_0 * 8, 215) - T.max(1 - hh_0 * 8, 0), 224):
            with T.sblock("cache_local"):
                v0 = T.axis.spatial(224, T.max(hh_0 * 8 - 1, 0) + ax0)
                v1 = T.axis.spatial(224, ax1)
                T.reads(cache_local[v0, v1])
                T.writes(cache[v0, v1])
                cache[v0, v1] = cache_local[v0, v1]
        for ww_0, hh_1, ww_1, khh, kww in T.grid(28, 8, 8, 3, 3):
            with T.sblock("compute"):
                h = T.axis.spatial(224, hh_0 * 8 + hh_1)
                w = T.axis.spatial(224, ww_0 * 8 + ww_1)
                kh, kw = T.axis.remap("RR", [khh, kww])
                T.reads(cache[h + kh - 1, w + kw - 1])
                T.writes(Y[h, w])
                with T.init():
                    Y[h, w] = T.float32(0.0)
                Y[h, w] = T.max(Y[h, w], T.if_then_else(T.likely(1 <= h + kh) and T.likely(h + kh < 225) and T.likely(1 <= w + kw) and T.likely(w + kw < 225), cache[h + kh - 1, w + kw - 1], T.float32(0.0)))
