# kernel: kernels/bz_rowsum.py; TVM 0.27's print of it scheduled by rfactor_binding_order.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((16, 128))
    for k_0, k_2_1, k_2_0, i, k_1 in T.grid(16, 1, 2, 128, 4):
        with T.sblock("B_rf"):
            vk_0, vk_1, vk_2_0, vk_2_1, vi = T.axis.remap("SRRRS", [k_0, k_1, k_2_0, k_2_1, i])
            T.reads(A[vi, vk_0 * 8 + vk_1 * 2 + vk_2_0 + vk_2_1])
            T.writes(B_rf[vk_0, vi])
            with T.init():
                B_rf[vk_0, vi] = T.float32(0.0)
            B_rf[vk_0, vi] = B_rf[vk_0, vi] + A[vi, vk_0 * 8 + vk_1 * 2 + vk_2_0 + vk_2_1]
    for k_0, i in T.grid(16, 128):
        with T.sblock("B"):
            vk_0, vi = T.axis.remap("RS", [k_0, i])
            T.reads(B_rf[vk_0, vi])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + B_rf[vk_0, vi]
