# kernel: kernels/argmax_topi.py; TVM 0.27's print of it scheduled by rfactor_argmax_topi.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def argmax_topi(A: T.Buffer((8, 24), "float32"), A_red: T.Buffer((8,), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((8,), "int32")
    A_red_temp_v1 = T.sblock_alloc_buffer((8,))
    A_red_temp_v0_rf = T.sblock_alloc_buffer((4, 8), "int32")
    A_red_temp_v1_rf = T.sblock_alloc_buffer((4, 8))
    for ax0, k1_0, k1_1 in T.grid(8, 6, 4):
        with T.sblock("A_red_temp_rf"):
            vk1_1, v_ax0, vk1_0 = T.axis.remap("SSR", [k1_1, ax0, k1_0])
            T.reads(A[v_ax0, vk1_0 * 4 + vk1_1])
            T.writes(A_red_temp_v0_rf[vk1_1, v_ax0], A_red_temp_v1_rf[vk1_1, v_ax0])
            with T.init():
                A_red_temp_v0_rf[vk1_1, v_ax0] = -1
                A_red_temp_v1_rf[vk1_1, v_ax0] = T.float32(-340282346638528859811704183484516925440.0)
            v_A_red_temp_v0_rf: T.let[T.int32] = T.Select(A_red_temp_v1_rf[vk1_1, v_ax0] > A[v_ax0, vk1_0 * 4 + vk1_1] or A_red_temp_v1_rf[vk1_1, v_ax0] == A[v_ax0, vk1_0 * 4 + vk1_1] and A_red_temp_v0_rf[vk1_1, v_ax0] < vk1_0 * 4 + vk1_1, A_red_temp_v0_rf[vk1_1, v_ax0], vk1_0 * 4 + vk1_1)
            v_A_red_temp_v1_rf: T.let[T.float32] = T.Select(A_red_temp_v1_rf[vk1_1, v_ax0] > A[v_ax0, vk1_0 * 4 + vk1_1], A_red_temp_v1_rf[vk1_1, v_ax0], A[v_ax0, vk1_0 * 4 + vk1_1])
            A_red_temp_v0_rf[vk1_1, v_ax0] = v_A_red_temp_v0_rf
            A_red_temp_v1_rf[vk1_1, v_ax0] = v_A_red_temp_v1_rf
    for ax0, k1_1 in T.grid(8, 4):
        with T.sblock("A_red_temp"):
            vk1_1, v_ax0 = T.axis.remap("RS", [k1_1, ax0])
            T.reads(A_red_temp_v0_rf[vk1_1, v_ax0], A_red_temp_v1_rf[vk1_1, v_ax0])
            T.writes(A_red_temp_v0[v_ax0], A_red_temp_v1[v_ax0])
            with T.init():
                A_red_temp_v0[v_ax0] = -1
                A_red_temp_v1[v_ax0] = T.float32(-340282346638528859811704183484516925440.0)
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[v_ax0] > A_red_temp_v1_rf[vk1_1, v_ax0] or A_red_temp_v1[v_ax0] == A_red_temp_v1_rf[vk1_1, v_ax0] and A_red_temp_v0[v_ax0] < A_red_temp_v0_rf[vk1_1, v_ax0], A_red_temp_v0[v_ax0], A_red_temp_v0_rf[vk1_1, v_ax0])
            v_A_red_temp_v1: T.let[T.float32] = T.Select(A_red_temp_v1[v_ax0] > A_red_temp_v1_rf[vk1_1, v_ax0], A_red_temp_v1[v_ax0], A_red_temp_v1_rf[vk1_1, v_ax0])
            A_red_temp_v0[v_ax0] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0] = v_A_red_temp_v1
    for ax0 in range(8):
        with T.sblock("A_red"):
            v_ax0 = T.axis.spatial(8, ax0)
            T.reads(A_red_temp_v0[v_ax0])
            T.writes(A_red[v_ax0])
            A_red[v_ax0] = A_red_temp_v0[v_ax0]
