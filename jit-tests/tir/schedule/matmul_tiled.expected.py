# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0_j_0_fused in T.parallel(128):
        for i_1 in T.unroll(8):
            for k in range(256):
                for j_1 in T.vectorized(64):
                    with T.sblock("C"):
                        vi = T.axis.spatial(256, i_0_j_0_fused // 4 * 8 + i_1)
                        vj = T.axis.spatial(256, i_0_j_0_fused % 4 * 64 + j_1)
                        vk = T.axis.reduce(256, k)
                        T.reads(A[vi, vk], B[vk, vj])
                        T.writes(C[vi, vj])
                        with T.init():
                            C[vi, vj] = T.float32(0.0)
                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
