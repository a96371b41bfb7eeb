# kernel: kernels/rf_nested2.py; TVM 0.27's print of it scheduled by rf_nested_in_the_top_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_nested2(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    with T.sblock("outer"):
        T.reads(A[0:8, 0:128])
        T.writes(B[0:8])
        B_rf = T.sblock_alloc_buffer((16, 8))
        for i, k_0, k_1 in T.grid(8, 8, 16):
            with T.sblock("B_rf"):
                vk_1, vi, vk_0 = T.axis.remap("SSR", [k_1, i, k_0])
                T.reads(A[vi, vk_0 * 16 + vk_1])
                T.writes(B_rf[vk_1, vi])
                with T.init():
                    B_rf[vk_1, vi] = T.float32(0.0)
                B_rf[vk_1, vi] = B_rf[vk_1, vi] + A[vi, vk_0 * 16 + vk_1]
        for i, k_1 in T.grid(8, 16):
            with T.sblock("B"):
                vk_1, vi = T.axis.remap("RS", [k_1, i])
                T.reads(B_rf[vk_1, vi])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + B_rf[vk_1, vi]
