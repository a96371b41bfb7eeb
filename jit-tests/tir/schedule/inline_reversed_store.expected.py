# kernel: kernels/ca_rev_iter.py; TVM 0.27's print of it scheduled by inline_reversed_store.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(X: T.Buffer((10, 10), "float32"), Z: T.Buffer((10, 10), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(10, 10):
        with T.sblock("b1"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(X[(vj - 9) * -1, (vi - 9) * -1])
            T.writes(Z[vi, vj])
            Z[vi, vj] = X[(vj - 9) * -1, (vi - 9) * -1] + T.float32(1.0) + T.float32(2.0)
