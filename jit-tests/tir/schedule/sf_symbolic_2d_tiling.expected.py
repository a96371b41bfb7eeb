# kernel: kernels/sf_symbolic_2d.py; TVM 0.27's print of it scheduled by sf_symbolic_2d_tiling.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_symbolic_2d(A: T.Buffer(("M", "N"), "float32"), B: T.Buffer((M, N), "float32"), M: T.int32, N: T.int32):
    # with T.sblock("root"):
    for i_0_j_0_fused, i_1, j_1 in T.grid((M + 63) // 64 * ((N + 15) // 16), 64, 16):
        with T.sblock("B"):
            vi = T.axis.spatial(M, i_0_j_0_fused // ((N + 15) // 16) * 64 + i_1)
            vj = T.axis.spatial(N, i_0_j_0_fused % ((N + 15) // 16) * 16 + j_1)
            T.where(i_0_j_0_fused // ((N + 15) // 16) * 64 + i_1 < M and i_0_j_0_fused % ((N + 15) // 16) * 16 + j_1 < N)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
