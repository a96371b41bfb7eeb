# kernel: ../script/sum.py; TVM 0.27's print of it scheduled by sum_rfactor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def vsum(A: T.Buffer((1048576,), "float32"), S: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    S_rf = T.sblock_alloc_buffer((4, 1))
    for k_0 in range(262144):
        for k_1 in T.vectorized(4):
            with T.sblock("S_rf"):
                vk_1, vk_0 = T.axis.remap("SR", [k_1, k_0])
                T.reads(A[vk_0 * 4 + vk_1])
                T.writes(S_rf[vk_1, 0])
                with T.init():
                    S_rf[vk_1, 0] = T.float32(0.0)
                S_rf[vk_1, 0] = S_rf[vk_1, 0] + A[vk_0 * 4 + vk_1]
    for k_1 in range(4):
        with T.sblock("S"):
            vk_1 = T.axis.reduce(4, k_1)
            T.reads(S_rf[vk_1, 0])
            T.writes(S[0])
            with T.init():
                S[0] = T.float32(0.0)
            S[0] = S[0] + S_rf[vk_1, 0]
