# kernel: ../script/softmax.py; TVM 0.27's print of it scheduled by softmax_rfactor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def softmax(A: T.Buffer((256, 1024), "float32"), S: T.Buffer((256, 1024), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    M = T.sblock_alloc_buffer((256,))
    E = T.sblock_alloc_buffer((256, 1024))
    Z = T.sblock_alloc_buffer((256,))
    M_rf = T.sblock_alloc_buffer((256, 128))
    for i, k_0, k_1 in T.grid(256, 128, 8):
        with T.sblock("maxelem_rf"):
            vk_0, vi, vk_1 = T.axis.remap("SSR", [k_0, i, k_1])
            T.reads(A[vi, vk_0 * 8 + vk_1])
            T.writes(M_rf[vi, vk_0])
            with T.init():
                M_rf[vi, vk_0] = T.float32(-340282346638528859811704183484516925440.0)
            M_rf[vi, vk_0] = T.max(M_rf[vi, vk_0], A[vi, vk_0 * 8 + vk_1])
    for i, k_0 in T.grid(256, 128):
        with T.sblock("maxelem"):
            vk_0, vi = T.axis.remap("RS", [k_0, i])
            T.reads(M_rf[vi, vk_0])
            T.writes(M[vi])
            with T.init():
                M[vi] = T.float32(-340282346638528859811704183484516925440.0)
            M[vi] = T.max(M[vi], M_rf[vi, vk_0])
    for i, k in T.grid(256, 1024):
        with T.sblock("exp"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(A[vi, vk], M[vi])
            T.writes(E[vi, vk])
            E[vi, vk] = T.exp(A[vi, vk] - M[vi])
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
