# kernel: kernels/ca_symbolic_predicate.py; TVM 0.27's print of it scheduled by ca_symbolic_predicate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_symbolic_predicate(X: T.Buffer((T.int64(8), "n * T.int64(32)"), "float32"), Y: T.Buffer((T.int64(8), n * T.int64(32)), "float32"), n: T.int64):
    # with T.sblock("root"):
    X_global = T.sblock_alloc_buffer((T.int64(8), n * T.int64(32)))
    for i, k_0 in T.grid(T.int64(8), n):
        for ax0 in range(T.int64(32)):
            with T.sblock("X_global"):
                v0 = T.axis.spatial(T.int64(8), i)
                v1 = T.axis.spatial(n * T.int64(32), k_0 * T.int64(32) + ax0)
                T.reads(X[v0, v1])
                T.writes(X_global[v0, v1])
                X_global[v0, v1] = X[v0, v1]
        for k_1 in range(T.int64(32)):
            with T.sblock("Y"):
                vi = T.axis.spatial(T.int64(8), i)
                vk = T.axis.spatial(n * T.int64(32), k_0 * T.int64(32) + k_1)
                T.reads(X_global[vi, vk])
                T.writes(Y[vi, vk])
                Y[vi, vk] = X_global[vi, vk]
