# kernel: kernels/sf_elementwise.py; TVM 0.27's print of it scheduled by sf_split_no_predication.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_elementwise(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, i_1, i_2, j_0, j_1, k_0, k_1 in T.grid(2, 1, 64, 4, 32, 16, 8):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i_0 * 64 + i_1 * 64 + i_2)
            vj = T.axis.spatial(128, j_0 * 32 + j_1)
            vk = T.axis.spatial(128, k_0 * 8 + k_1)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
