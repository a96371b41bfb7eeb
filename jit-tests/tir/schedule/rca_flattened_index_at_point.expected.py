# kernel: kernels/reverse_reshape_1d.py; TVM 0.27's print of it scheduled by rca_flattened_index_at_point.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_reshape_1d(A: T.Buffer((4096,), "float32"), D: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4096,))
    for i_0, i_1, i_2 in T.grid(293, 7, 2):
        with T.sblock("B"):
            vi = T.axis.spatial(4096, i_0 * 14 + i_1 * 2 + i_2)
            T.where((i_0 * 7 + i_1) * 2 + i_2 < 4096)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * T.float32(2.0)
        with T.sblock("C"):
            vi = T.axis.spatial(64, (i_0 * 14 + i_1 * 2 + i_2) // 64)
            vj = T.axis.spatial(64, (i_0 * 14 + i_1 * 2 + i_2) % 64)
            T.where((i_0 * 7 + i_1) * 2 + i_2 < 4096)
            T.reads(B[vi * 64 + vj])
            T.writes(D[vi, vj])
            D[vi, vj] = B[vi * 64 + vj] + T.float32(1.0)
