# kernel: kernels/sf_dynamic.py; TVM 0.27's print of it scheduled by sf_split_dynamic.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_dynamic(A: T.Buffer(("N", 128, "M"), "float32"), B: T.Buffer((N, 128, M), "float32")):
    N, M = T.int32(), T.int32()
    # with T.sblock("root"):
    for i_0, i_1, j_0, j_1, k_0, k_1 in T.grid((N + 15) // 16, 16, 4, 32, 16, (M + 15) // 16):
        with T.sblock("B"):
            vi = T.axis.spatial(N, i_0 * 16 + i_1)
            vj = T.axis.spatial(128, j_0 * 32 + j_1)
            vk = T.axis.spatial(M, k_0 * ((M + 15) // 16) + k_1)
            T.where(i_0 * 16 + i_1 < N and k_0 * ((M + 15) // 16) + k_1 < M)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
