# kernel: kernels/ca_symbolic_predicate.py; TVM 0.27's print of it scheduled by pad_einsum_symbolic_multiple.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_symbolic_predicate(X: T.Buffer((T.int64(8), "n * T.int64(32)"), "float32"), Y: T.Buffer((T.int64(8), n * T.int64(32)), "float32"), n: T.int64):
    # with T.sblock("root"):
    for k, i in T.grid(n * T.int64(32), T.int64(8)):
        with T.sblock("Y"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(X[vi, vk])
            T.writes(Y[vi, vk])
            Y[vi, vk] = X[vi, vk]
