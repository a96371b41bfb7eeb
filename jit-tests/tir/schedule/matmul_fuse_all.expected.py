# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_fuse_all.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_j_k_fused_0, i_j_k_fused_1, i_j_k_fused_2 in T.grid(65536, 1, 256):
        with T.sblock("C"):
            vi = T.axis.spatial(256, (i_j_k_fused_0 * 256 + i_j_k_fused_1 * 256 + i_j_k_fused_2) // 65536)
            vj = T.axis.spatial(256, (i_j_k_fused_0 * 256 + i_j_k_fused_1 * 256 + i_j_k_fused_2) % 65536 // 256)
            vk = T.axis.reduce(256, (i_j_k_fused_0 * 256 + i_j_k_fused_1 * 256 + i_j_k_fused_2) % 256)
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
