# kernel: kernels/sf_with_opaque_block.py; TVM 0.27's print of it scheduled by sf_fuse_opaque_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_with_opaque_block(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i_j_k_fused in range(2097152):
        with T.sblock("opaque"):
            T.reads(A[i_j_k_fused // 16384, i_j_k_fused % 16384 // 128, i_j_k_fused % 128])
            T.writes(B[i_j_k_fused // 16384, i_j_k_fused % 16384 // 128, i_j_k_fused % 128])
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_j_k_fused // 16384)
                vj = T.axis.spatial(128, i_j_k_fused % 16384 // 128)
                vk = T.axis.spatial(128, i_j_k_fused % 128)
                T.reads(A[vi, vj, vk])
                T.writes(B[vi, vj, vk])
                B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
