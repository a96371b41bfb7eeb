# kernel: kernels/mm_relu.py; TVM 0.27's print of it scheduled by blockize_then_decompose.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm_relu(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    Y = T.sblock_alloc_buffer((128, 128))
    for i_0, j_0 in T.grid(32, 32):
        with T.sblock("Y_o_init"):
            vi_o, vj_o = T.axis.remap("SS", [i_0, j_0])
            T.reads()
            T.writes(Y[vi_o * 4:vi_o * 4 + 4, vj_o * 4:vj_o * 4 + 4])
            for i_1, j_1 in T.grid(4, 4):
                with T.sblock("Y_init"):
                    vi_i_init, vj_i_init = T.axis.remap("SS", [i_1, j_1])
                    T.reads()
                    T.writes(Y[vi_o * 4 + vi_i_init, vj_o * 4 + vj_i_init])
                    Y[vi_o * 4 + vi_i_init, vj_o * 4 + vj_i_init] = T.float32(0.0)
        for k_0 in range(32):
            with T.sblock("Y_o_update"):
                vi_o, vj_o, vk_o = T.axis.remap("SSR", [i_0, j_0, k_0])
                T.reads(Y[vi_o * 4:vi_o * 4 + 4, vj_o * 4:vj_o * 4 + 4], A[vi_o * 4:vi_o * 4 + 4, vk_o * 4:vk_o * 4 + 4], B[vk_o * 4:vk_o * 4 + 4, vj_o * 4:vj_o * 4 + 4])
                T.writes(Y[vi_o * 4:vi_o * 4 + 4, vj_o * 4:vj_o * 4 + 4])
                for i_1, j_1, k_1 in T.grid(4, 4, 4):
                    with T.sblock("Y"):
                        vi_i, vj_i, vk_i = T.axis.remap("SSR", [i_1, j_1, k_1])
                        T.reads(Y[vi_o * 4 + vi_i, vj_o * 4 + vj_i], A[vi_o * 4 + vi_i, vk_o * 4 + vk_i], B[vk_o * 4 + vk_i, vj_o * 4 + vj_i])
                        T.writes(Y[vi_o * 4 + vi_i, vj_o * 4 + vj_i])
                        Y[vi_o * 4 + vi_i, vj_o * 4 + vj_i] = Y[vi_o * 4 + vi_i, vj_o * 4 + vj_i] + A[vi_o * 4 + vi_i, vk_o * 4 + vk_i] * B[vk_o * 4 + vk_i, vj_o * 4 + vj_i]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(Y[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = T.max(Y[vi, vj], T.float32(0.0))
