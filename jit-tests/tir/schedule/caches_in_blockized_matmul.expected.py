# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by caches_in_blockized_matmul.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, j_0, k_0 in T.grid(8, 8, 8):
        with T.sblock("C_o"):
            vi_o, vj_o, vk_o = T.axis.remap("SSR", [i_0, j_0, k_0])
            T.reads(A[vi_o * 16:vi_o * 16 + 16, vk_o * 16:vk_o * 16 + 16], B[vk_o * 16:vk_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            A_local = T.sblock_alloc_buffer((16, 16), scope="local")
            B_local = T.sblock_alloc_buffer((16, 16), scope="local")
            with T.init():
                for i_1, j_1 in T.grid(16, 16):
                    with T.sblock("C_init"):
                        vi_i_init, vj_i_init = T.axis.remap("SS", [i_1, j_1])
                        T.reads()
                        T.writes(C[vi_o * 16 + vi_i_init, vj_o * 16 + vj_i_init])
                        C[vi_o * 16 + vi_i_init, vj_o * 16 + vj_i_init] = T.float32(0.0)
            for ax0, ax1 in T.grid(16, 16):
                with T.sblock("B_local"):
                    v0, v1 = T.axis.remap("SS", [ax0, ax1])
                    T.reads(B[vk_o * 16 + v0, vj_o * 16 + v1])
                    T.writes(B_local[v0, v1])
                    B_local[v0, v1] = B[vk_o * 16 + v0, vj_o * 16 + v1]
            for ax0, ax1 in T.grid(16, 16):
                with T.sblock("A_local"):
                    v0, v1 = T.axis.remap("SS", [ax0, ax1])
                    T.reads(A[vi_o * 16 + v0, vk_o * 16 + v1])
                    T.writes(A_local[v0, v1])
                    A_local[v0, v1] = A[vi_o * 16 + v0, vk_o * 16 + v1]
            for i_1, j_1, k_1 in T.grid(16, 16, 16):
                with T.sblock("C"):
                    vi_i, vj_i, vk_i = T.axis.remap("SSR", [i_1, j_1, k_1])
                    T.reads(C[vi_o * 16 + vi_i, vj_o * 16 + vj_i], A_local[vi_i, vk_i], B_local[vk_i, vj_i])
                    T.writes(C[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    C[vi_o * 16 + vi_i, vj_o * 16 + vj_i] = C[vi_o * 16 + vi_i, vj_o * 16 + vj_i] + A_local[vi_i, vk_i] * B_local[vk_i, vj_i]
