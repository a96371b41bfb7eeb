# kernel: ../script/softmax.py; TVM 0.27's print of it scheduled by cache_read_intermediate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def softmax(A: T.Buffer((256, 1024), "float32"), S: T.Buffer((256, 1024), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    M = T.sblock_alloc_buffer((256,))
    E = T.sblock_alloc_buffer((256, 1024))
    Z = T.sblock_alloc_buffer((256,))
    M_local = T.sblock_alloc_buffer((256,), scope="local")
    for i, k in T.grid(256, 1024):
        with T.sblock("maxelem"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(M[vi])
            with T.init():
                M[vi] = T.float32(-340282346638528859811704183484516925440.0)
            M[vi] = T.max(M[vi], A[vi, vk])
    for ax0 in range(256):
        with T.sblock("M_local"):
            v0 = T.axis.spatial(256, ax0)
            T.reads(M[v0])
            T.writes(M_local[v0])
            M_local[v0] = M[v0]
    for i, k in T.grid(256, 1024):
        with T.sblock("exp"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(A[vi, vk], M_local[vi])
            T.writes(E[vi, vk])
            E[vi, vk] = T.exp(A[vi, vk] - M_local[vi])
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
