# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by sample_partitioned_tile.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, i_1, i_2, j, k in T.grid(1, 16, 8, 128, 128):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i_0 * 128 + i_1 * 8 + i_2)
            vj, vk = T.axis.remap("SR", [j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
