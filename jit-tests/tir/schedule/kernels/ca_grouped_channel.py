# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py (test_compute_at_non_perfect_channel_group; its scope="" is the default scope).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def grouped_channel_bias(X: T.Buffer((720, 8, 8), "float32"), Y: T.Buffer((720, 8, 8), "float32")):
    B = T.sblock_alloc_buffer([45], dtype="float32", scope="")
    for i in T.grid(45):
        with T.sblock("init"):
            vi = T.axis.remap("S", [i])
            B[vi] = vi
    for c_o, h, w, c_i in T.grid(2, 8, 8, 360):
        with T.sblock("compute"):
            hh, ww = T.axis.remap("SS", [h, w])
            cc = T.axis.spatial(720, c_o * 360 + c_i)
            Y[cc, hh, ww] = X[cc, hh, ww] + B[cc // 16]
