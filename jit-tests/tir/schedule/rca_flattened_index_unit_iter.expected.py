# kernel: kernels/reverse_unit_iter.py; TVM 0.27's print of it scheduled by rca_flattened_index_unit_iter.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load_unit_iter(A: T.Buffer((128, 128), "float32"), B: T.Buffer((8, 16, 1), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((128, 128))
    for i_0, i_1 in T.grid(8, 16):
        for j in T.unroll(128):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj = T.axis.spatial(128, j)
                T.reads(A[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = A[vi, vj] * T.float32(2.0)
            with T.sblock("C"):
                vi = T.axis.spatial(1, 0)
                vj = T.axis.spatial(8, (i_0 * 16 + i_1) // 16)
                vk = T.axis.spatial(16, (i_0 * 16 + i_1) % 16)
                vl = T.axis.spatial(128, j)
                T.reads(C[vj * 16 + vk, vl], B[vj, vk, vi])
                T.writes(D[vi, vj, vk, vl])
                D[vi, vj, vk, vl] = C[vj * 16 + vk, vl] + B[vj, vk, vi]
