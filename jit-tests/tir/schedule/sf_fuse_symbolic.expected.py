# kernel: kernels/sf_symbolic.py; TVM 0.27's print of it scheduled by sf_fuse_symbolic.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    # with T.sblock("root"):
    for i_j_k_fused in range(n * 16384):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i_j_k_fused // (n * 128))
            vj = T.axis.spatial(128, i_j_k_fused % (n * 128) // n)
            vk = T.axis.spatial(n, i_j_k_fused % n)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
