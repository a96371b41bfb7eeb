# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_sampled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 16}):
        for j_0, i_1, k, i_2 in T.grid(4, 32, 256, 8):
            for j_1 in T.vectorized(64):
                with T.sblock("C"):
                    vi = T.axis.spatial(256, i_0 * 256 + i_1 * 8 + i_2)
                    vj = T.axis.spatial(256, j_0 * 64 + j_1)
                    vk = T.axis.reduce(256, k)
                    T.reads(A[vi, vk], B[vk, vj])
                    T.writes(C[vi, vj])
                    with T.init():
                        C[vi, vj] = T.float32(0.0)
                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
