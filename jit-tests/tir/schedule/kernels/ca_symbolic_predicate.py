# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py (test_compute_at_simplify_symbolic_predicate).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ca_symbolic_predicate(x: T.handle, y: T.handle, n: T.int64):
    X = T.match_buffer(x, (T.int64(8), n * 32), "float32")
    Y = T.match_buffer(y, (T.int64(8), n * 32), "float32")
    for i, k in T.grid(T.int64(8), n * 32):
        with T.sblock("Y"):
            vi, vk = T.axis.remap("SS", [i, k])
            Y[vi, vk] = X[vi, vk]
