# kernel: kernels/sf_dynamic.py; TVM 0.27's print of it scheduled by fuse_symbolic_product_constant_last.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_dynamic(A: T.Buffer(("N", 128, "M"), "float32"), B: T.Buffer((N, 128, M), "float32")):
    N, M = T.int32(), T.int32()
    # with T.sblock("root"):
    for i_j_k_fused in range(N * M * 128):
        with T.sblock("B"):
            vi = T.axis.spatial(N, i_j_k_fused // (M * 128))
            vj = T.axis.spatial(128, i_j_k_fused % (M * 128) // M)
            vk = T.axis.spatial(M, i_j_k_fused % M)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
