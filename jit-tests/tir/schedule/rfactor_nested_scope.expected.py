# kernel: kernels/rowsum_nested.py; TVM 0.27's print of it scheduled by rfactor_nested_scope.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for u in range(1):
        with T.sblock("outer"):
            T.reads(A[0:128, 0:128])
            T.writes(C[0:128])
            B = T.sblock_alloc_buffer((128,))
            B_rf = T.sblock_alloc_buffer((8, 128))
            for i, k_0, k_1 in T.grid(128, 16, 8):
                with T.sblock("B_rf"):
                    vk_1, vi, vk_0 = T.axis.remap("SSR", [k_1, i, k_0])
                    T.reads(A[vi, vk_0 * 8 + vk_1])
                    T.writes(B_rf[vk_1, vi])
                    with T.init():
                        B_rf[vk_1, vi] = T.float32(0.0)
                    B_rf[vk_1, vi] = B_rf[vk_1, vi] + A[vi, vk_0 * 8 + vk_1]
            for i, k_1 in T.grid(128, 8):
                with T.sblock("B"):
                    vk_1, vi = T.axis.remap("RS", [k_1, i])
                    T.reads(B_rf[vk_1, vi])
                    T.writes(B[vi])
                    with T.init():
                        B[vi] = T.float32(0.0)
                    B[vi] = B[vi] + B_rf[vk_1, vi]
            for i in range(128):
                with T.sblock("C"):
                    vi = T.axis.spatial(128, i)
                    T.reads(B[vi])
                    T.writes(C[vi])
                    C[vi] = B[vi] * T.float32(2.0)
