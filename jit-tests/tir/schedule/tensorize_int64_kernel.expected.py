# kernel: kernels/tensorize_matmul_int64.py; TVM 0.27's print of it scheduled by tensorize_int64_kernel.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((T.int64(64), T.int64(64)), "float32"), B: T.Buffer((T.int64(64), T.int64(64)), "float32"), C: T.Buffer((T.int64(64), T.int64(64)), "float32")):
    # with T.sblock("root"):
    for i_0, j_0 in T.grid(T.int64(16), T.int64(16)):
        for i_1_init, j_1_init in T.grid(T.int64(4), T.int64(4)):
            with T.sblock("C_init"):
                vi = T.axis.spatial(T.int64(64), i_0 * T.int64(4) + i_1_init)
                vj = T.axis.spatial(T.int64(64), j_0 * T.int64(4) + j_1_init)
                T.reads()
                T.writes(C[vi, vj])
                C[vi, vj] = T.float32(0.0)
        for k_0 in range(T.int64(16)):
            with T.sblock("C_update_o"):
                vi_o, vj_o, vk_o = T.axis.remap("SSR", [i_0, j_0, k_0])
                T.reads(C[vi_o * T.int64(4):vi_o * T.int64(4) + T.int64(4), vj_o * T.int64(4):vj_o * T.int64(4) + T.int64(4)], A[vi_o * T.int64(4):vi_o * T.int64(4) + T.int64(4), vk_o * T.int64(4):vk_o * T.int64(4) + T.int64(4)], B[vk_o * T.int64(4):vk_o * T.int64(4) + T.int64(4), vj_o * T.int64(4):vj_o * T.int64(4) + T.int64(4)])
                T.writes(C[vi_o * T.int64(4):vi_o * T.int64(4) + T.int64(4), vj_o * T.int64(4):vj_o * T.int64(4) + T.int64(4)])
                A_1 = T.match_buffer(A[vi_o * T.int64(4):vi_o * T.int64(4) + T.int64(4), vk_o * T.int64(4):vk_o * T.int64(4) + T.int64(4)], (T.int64(4), T.int64(4)), strides=("sa", T.int64(1)), offset_factor=1)
                B_1 = T.match_buffer(B[vk_o * T.int64(4):vk_o * T.int64(4) + T.int64(4), vj_o * T.int64(4):vj_o * T.int64(4) + T.int64(4)], (T.int64(4), T.int64(4)), strides=("sb", T.int64(1)), offset_factor=1)
                C_1 = T.match_buffer(C[vi_o * T.int64(4):vi_o * T.int64(4) + T.int64(4), vj_o * T.int64(4):vj_o * T.int64(4) + T.int64(4)], (T.int64(4), T.int64(4)), strides=("sc", T.int64(1)), offset_factor=1)
                for i, k in T.grid(T.int64(4), T.int64(4)):
                    for j in T.vectorized(T.int64(4)):
                        C_1[i, j] = C_1[i, j] + A_1[i, k] * B_1[k, j]
