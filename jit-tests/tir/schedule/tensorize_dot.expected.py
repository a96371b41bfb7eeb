# kernel: kernels/tensorize_dot.py; TVM 0.27's print of it scheduled by tensorize_dot.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((8, 64), "uint8"), B: T.Buffer((32, 64), "int8"), C: T.Buffer((8, 32), "int32")):
    # with T.sblock("root"):
    for i, j_0 in T.grid(8, 2):
        for j_1_init in range(16):
            with T.sblock("C_init"):
                vi = T.axis.spatial(8, i)
                vj = T.axis.spatial(32, j_0 * 16 + j_1_init)
                T.reads()
                T.writes(C[vi, vj])
                C[vi, vj] = 0
        for k_0 in range(16):
            with T.sblock("C_update_o"):
                vi_o, vj_o, vk_o = T.axis.remap("SSR", [i, j_0, k_0])
                T.reads(C[vi_o, vj_o * 16:vj_o * 16 + 16], A[vi_o, vk_o * 4:vk_o * 4 + 4], B[vj_o * 16:vj_o * 16 + 16, vk_o * 4:vk_o * 4 + 4])
                T.writes(C[vi_o, vj_o * 16:vj_o * 16 + 16])
                A_1 = T.match_buffer(A[vi_o, vk_o * 4:vk_o * 4 + 4], (4,), "uint8", offset_factor=1)
                B_1 = T.match_buffer(B[vj_o * 16:vj_o * 16 + 16, vk_o * 4:vk_o * 4 + 4], (16, 4), "int8", strides=("sb", 1), offset_factor=1)
                C_1 = T.match_buffer(C[vi_o, vj_o * 16:vj_o * 16 + 16], (16,), "int32", offset_factor=1)
                for k in T.unroll(4):
                    for i_1 in T.vectorized(16):
                        C_1[i_1] = C_1[i_1] + T.Cast("int32", A_1[k]) * T.Cast("int32", B_1[i_1, k])
