# kernel: kernels/sum_pair.py; TVM 0.27's print of it scheduled by rfactor_sum_pair.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum_pair(A: T.Buffer((8, 32), "float32"), S: T.Buffer((8,), "float32"), Q: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    S_rf = T.sblock_alloc_buffer((8, 4))
    Q_rf = T.sblock_alloc_buffer((8, 4))
    for i in range(8):
        for ax0, ax1 in T.grid(4, 8):
            with T.sblock("sums_rf"):
                vk_0, vi, vk_1 = T.axis.remap("SSR", [ax0, i, ax1])
                T.reads(A[vi, vk_0 * 8 + vk_1])
                T.writes(S_rf[vi, vk_0], Q_rf[vi, vk_0])
                with T.init():
                    S_rf[vi, vk_0] = T.float32(0.0)
                    Q_rf[vi, vk_0] = T.float32(0.0)
                v_S_rf: T.let[T.float32] = S_rf[vi, vk_0] + A[vi, vk_0 * 8 + vk_1]
                v_Q_rf: T.let[T.float32] = Q_rf[vi, vk_0] + A[vi, vk_0 * 8 + vk_1] * A[vi, vk_0 * 8 + vk_1]
                S_rf[vi, vk_0] = v_S_rf
                Q_rf[vi, vk_0] = v_Q_rf
        for k_0 in range(4):
            with T.sblock("sums"):
                vk_0, vi = T.axis.remap("RS", [k_0, i])
                T.reads(S_rf[vi, vk_0], Q_rf[vi, vk_0])
                T.writes(S[vi], Q[vi])
                with T.init():
                    S[vi] = T.float32(0.0)
                    Q[vi] = T.float32(0.0)
                v_S: T.let[T.float32] = S[vi] + S_rf[vi, vk_0]
                v_Q: T.let[T.float32] = Q[vi] + Q_rf[vi, vk_0]
                S[vi] = v_S
                Q[vi] = v_Q
