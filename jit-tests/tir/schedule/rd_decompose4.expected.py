# kernel: kernels/rd_matmul.py; TVM 0.27's print of it scheduled by rd_decompose4.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0 in range(16):
        for i_1_init, j_init in T.grid(8, 128):
            with T.sblock("update_init"):
                vi = T.axis.spatial(128, i_0 * 8 + i_1_init)
                vj = T.axis.spatial(128, j_init)
                T.reads()
                T.writes(C[vi, vj])
                C[vi, vj] = T.float32(0.0)
        for i_1, j, k_0, k_1 in T.grid(8, 128, 19, 7):
            with T.sblock("update_update"):
                vi = T.axis.spatial(128, i_0 * 8 + i_1)
                vj = T.axis.spatial(128, j)
                vk = T.axis.reduce(128, k_0 * 7 + k_1)
                T.where(k_0 * 7 + k_1 < 128)
                T.reads(C[vi, vj], A[vi, vk], B[vj, vk])
                T.writes(C[vi, vj])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
