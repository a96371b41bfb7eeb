# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_rfactor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((256, 256, 4))
    for i in T.parallel(256):
        for j, k_0, k_1 in T.grid(256, 4, 64):
            with T.sblock("C_rf"):
                vk_0, vi, vj, vk_1 = T.axis.remap("SSSR", [k_0, i, j, k_1])
                T.reads(A[vi, vk_0 * 64 + vk_1], B[vk_0 * 64 + vk_1, vj])
                T.writes(C_rf[vi, vj, vk_0])
                with T.init():
                    C_rf[vi, vj, vk_0] = T.float32(0.0)
                C_rf[vi, vj, vk_0] = C_rf[vi, vj, vk_0] + A[vi, vk_0 * 64 + vk_1] * B[vk_0 * 64 + vk_1, vj]
    for i, j, k_0 in T.grid(256, 256, 4):
        with T.sblock("C"):
            vk_0, vi, vj = T.axis.remap("RSS", [k_0, i, j])
            T.reads(C_rf[vi, vj, vk_0])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + C_rf[vi, vj, vk_0]
