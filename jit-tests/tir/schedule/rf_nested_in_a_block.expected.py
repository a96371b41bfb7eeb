# kernel: kernels/rf_nested.py; TVM 0.27's print of it scheduled by rf_nested_in_a_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_nested(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i in range(8):
        with T.sblock("outer"):
            vi_o = T.axis.spatial(8, i)
            T.reads(A[vi_o, 0:128])
            T.writes(B[vi_o])
            B_rf = T.sblock_alloc_buffer((16, 8))
            for k_0, k_1 in T.grid(8, 16):
                with T.sblock("B_rf"):
                    vk_1, vk_0 = T.axis.remap("SR", [k_1, k_0])
                    T.reads(A[vi_o, vk_0 * 16 + vk_1])
                    T.writes(B_rf[vk_1, vi_o])
                    with T.init():
                        B_rf[vk_1, vi_o] = T.float32(0.0)
                    B_rf[vk_1, vi_o] = B_rf[vk_1, vi_o] + A[vi_o, vk_0 * 16 + vk_1]
            for k_1 in range(16):
                with T.sblock("B"):
                    vk_1 = T.axis.reduce(16, k_1)
                    T.reads(B_rf[vk_1, vi_o])
                    T.writes(B[vi_o])
                    with T.init():
                        B[vi_o] = T.float32(0.0)
                    B[vi_o] = B[vi_o] + B_rf[vk_1, vi_o]
