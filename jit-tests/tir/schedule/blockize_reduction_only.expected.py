# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by blockize_reduction_only.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i, j, k_0 in T.grid(128, 128, 32):
        with T.sblock("C_o"):
            vi_o, vj_o, vk_o = T.axis.remap("SSR", [i, j, k_0])
            T.reads(A[vi_o, vk_o * 4:vk_o * 4 + 4], B[vk_o * 4:vk_o * 4 + 4, vj_o])
            T.writes(C[vi_o, vj_o])
            with T.init():
                with T.sblock("C_init"):
                    T.reads()
                    T.writes(C[vi_o, vj_o])
                    C[vi_o, vj_o] = T.float32(0.0)
            for k_1 in range(4):
                with T.sblock("C"):
                    vk_i = T.axis.reduce(4, k_1)
                    T.reads(C[vi_o, vj_o], A[vi_o, vk_o * 4 + vk_i], B[vk_o * 4 + vk_i, vj_o])
                    T.writes(C[vi_o, vj_o])
                    C[vi_o, vj_o] = C[vi_o, vj_o] + A[vi_o, vk_o * 4 + vk_i] * B[vk_o * 4 + vk_i, vj_o]
