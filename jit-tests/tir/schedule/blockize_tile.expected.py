# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by blockize_tile.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, j_0, k in T.grid(32, 32, 128):
        with T.sblock("C_o"):
            vi_o, vj_o, vk_o = T.axis.remap("SSR", [i_0, j_0, k])
            T.reads(A[vi_o * 4:vi_o * 4 + 4, vk_o], B[vk_o, vj_o * 4:vj_o * 4 + 4])
            T.writes(C[vi_o * 4:vi_o * 4 + 4, vj_o * 4:vj_o * 4 + 4])
            with T.init():
                for i_1, j_1 in T.grid(4, 4):
                    with T.sblock("C_init"):
                        vi_i_init, vj_i_init = T.axis.remap("SS", [i_1, j_1])
                        T.reads()
                        T.writes(C[vi_o * 4 + vi_i_init, vj_o * 4 + vj_i_init])
                        C[vi_o * 4 + vi_i_init, vj_o * 4 + vj_i_init] = T.float32(0.0)
            for i_1, j_1 in T.grid(4, 4):
                with T.sblock("C"):
                    vi_i, vj_i = T.axis.remap("SS", [i_1, j_1])
                    T.reads(C[vi_o * 4 + vi_i, vj_o * 4 + vj_i], A[vi_o * 4 + vi_i, vk_o], B[vk_o, vj_o * 4 + vj_i])
                    T.writes(C[vi_o * 4 + vi_i, vj_o * 4 + vj_i])
                    C[vi_o * 4 + vi_i, vj_o * 4 + vj_i] = C[vi_o * 4 + vi_i, vj_o * 4 + vj_i] + A[vi_o * 4 + vi_i, vk_o] * B[vk_o, vj_o * 4 + vj_i]
