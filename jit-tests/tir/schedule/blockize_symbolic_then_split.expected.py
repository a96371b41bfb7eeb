# kernel: kernels/sf_dynamic.py; TVM 0.27's print of it scheduled by blockize_symbolic_then_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_dynamic(A: T.Buffer(("N", 128, "M"), "float32"), B: T.Buffer((N, 128, M), "float32")):
    N, M = T.int32(), T.int32()
    # with T.sblock("root"):
    for i, j in T.grid(N, 128):
        with T.sblock("B_o"):
            vi_o, vj_o = T.axis.remap("SS", [i, j])
            vk_o = T.axis.spatial(1, 0)
            T.reads(A[vi_o, vj_o, 0:M])
            T.writes(B[vi_o, vj_o, 0:M])
            for k_0, k_1, k_2 in T.grid((M + 63) // 64, 16, 4):
                with T.sblock("B"):
                    vk_i = T.axis.spatial(M, k_0 * 64 + k_1 * 4 + k_2)
                    T.where((k_0 * 16 + k_1) * 4 + k_2 < M)
                    T.reads(A[vi_o, vj_o, vk_i])
                    T.writes(B[vi_o, vj_o, vk_i])
                    B[vi_o, vj_o, vk_i] = A[vi_o, vj_o, vk_i] * T.float32(2.0)
