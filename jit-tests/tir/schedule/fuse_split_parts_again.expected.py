# kernel: kernels/rd_matmul_ikj.py; TVM 0.27's print of it scheduled by fuse_split_parts_again.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_matmul_ikj(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0_i_1_k_fused, j_0, j_1 in T.grid(16384, 32, 4):
        with T.sblock("update"):
            vi = T.axis.spatial(128, i_0_i_1_k_fused // 128)
            vj = T.axis.spatial(128, j_0 * 4 + j_1)
            vk = T.axis.reduce(128, i_0_i_1_k_fused % 128)
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
