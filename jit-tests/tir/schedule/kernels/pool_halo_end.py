# A kernel for schedule cases (generate.py): a pooling that reads a halo past each tile's end (clipped at the buffer's end).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pool_halo_end(a: T.handle, b: T.handle) -> None:
    X = T.match_buffer(a, [224, 224], dtype="float32")
    Y = T.match_buffer(b, [224, 224], dtype="float32")
    cache = T.sblock_alloc_buffer([224, 224], dtype="float32")
    for hh, ww in T.grid(224, 224):
        with T.sblock("cache"):
            h, w = T.axis.remap("SS", [hh, ww])
            cache[h, w] = X[h, w]
    for hh_0, ww_0, hh_1, ww_1, khh, kww in T.grid(28, 28, 8, 8, 3, 3):
        with T.sblock("compute"):
            h = T.axis.spatial(224, hh_0 * 8 + hh_1)
            w = T.axis.spatial(224, ww_0 * 8 + ww_1)
            kh, kw = T.axis.remap("RR", [khh, kww])
            with T.init():
                Y[h, w] = 0.0
            Y[h, w] = T.max(Y[h, w], T.if_then_else(T.likely(h + kh < 224, dtype="bool") and T.likely(w + kw < 224, dtype="bool"), cache[h + kh, w + kw], 0.0, dtype="float32"))
