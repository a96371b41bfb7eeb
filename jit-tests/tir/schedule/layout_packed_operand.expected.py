# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by layout_packed_operand.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B_global = T.sblock_alloc_buffer((8, 128, 16))
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[v0, v1])
            T.writes(B_global[v1 // 16, v0, v1 % 16])
            B_global[v1 // 16, v0, v1 % 16] = B[v0, v1]
    for i, j_0, k in T.grid(128, 8, 128):
        for j_1 in T.vectorized(16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i)
                vj = T.axis.spatial(128, j_0 * 16 + j_1)
                vk = T.axis.reduce(128, k)
                T.reads(A[vi, vk], B_global[vj // 16, vk, vj % 16])
                T.writes(C[vi, vj])
                with T.init():
                    C[vi, vj] = T.float32(0.0)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B_global[vj // 16, vk, vj % 16]
