# kernel: ../script/softmax.py; TVM 0.27's print of it scheduled by cache_read_shared_input.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def softmax(A: T.Buffer((256, 1024), "float32"), S: T.Buffer((256, 1024), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    M = T.sblock_alloc_buffer((256,))
    E = T.sblock_alloc_buffer((256, 1024))
    Z = T.sblock_alloc_buffer((256,))
    A_global = T.sblock_alloc_buffer((256, 1024))
    for ax0, ax1 in T.grid(256, 1024):
        with T.sblock("A_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_global[v0, v1])
            A_global[v0, v1] = A[v0, v1]
    for i, k in T.grid(256, 1024):
        with T.sblock("maxelem"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A_global[vi, vk])
            T.writes(M[vi])
            with T.init():
                M[vi] = T.float32(-340282346638528859811704183484516925440.0)
            M[vi] = T.max(M[vi], A_global[vi, vk])
    for i, k in T.grid(256, 1024):
        with T.sblock("exp"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(A_global[vi, vk], M[vi])
            T.writes(E[vi, vk])
            E[vi, vk] = T.exp(A_global[vi, vk] - M[vi])
    for i, k in T.grid(256, 1024):
        with T.sblock("expsum"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(E[vi, vk])
            T.writes(Z[vi])
            with T.init():
                Z[vi] = T.float32(0.0)
            Z[vi] = Z[vi] + E[vi, vk]
    for i, k in T.grid(256, 1024):
        with T.sblock("norm"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(E[vi, vk], Z[vi])
            T.writes(S[vi, vk])
            S[vi, vk] = E[vi, vk] / Z[vi]
