# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_predicated.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0, i_1, j, k_0, k_1 in T.grid(100, 8, 256, 86, 3):
        with T.sblock("C"):
            vi = T.axis.spatial(256, i_0 * 8 + i_1)
            vj = T.axis.spatial(256, j)
            vk = T.axis.reduce(256, k_0 * 3 + k_1)
            T.where(k_0 * 3 + k_1 < 256 and i_0 * 8 + i_1 < 256)
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
