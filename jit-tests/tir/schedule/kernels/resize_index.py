# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_index.py (resize).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def resize_index(a: T.handle, b: T.handle):
    A = T.match_buffer(a, (1, 3, 40, 40))
    B = T.match_buffer(b, (1, 3, 80, 80))
    for i0, i1, i2, i3 in T.grid(1, 3, 80, 80):
        with T.sblock("A"):
            n, c, vi, vj = T.axis.remap("SSSS", [i0, i1, i2, i3])
            B[n, c, vi, vj] = A[n, c, vi // 4 + vj // 4, vj // 2]
