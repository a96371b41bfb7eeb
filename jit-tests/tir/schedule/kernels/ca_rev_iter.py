# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py (test_compute_at_rev_iter).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def before(X: T.Buffer((10, 10), "float32"), Z: T.Buffer((10, 10), "float32")):
    Y = T.sblock_alloc_buffer([10, 10], "float32")
    for i, j in T.grid(10, 10):
        with T.sblock("b0"):
            vi, vj = T.axis.remap("SS", [i, j])
            Y[9 - vi, 9 - vj] = X[vi, vj] + 1.0
    for i, j in T.grid(10, 10):
        with T.sblock("b1"):
            vi, vj = T.axis.remap("SS", [i, j])
            Z[vi, vj] = Y[vj, vi] + 2.0
