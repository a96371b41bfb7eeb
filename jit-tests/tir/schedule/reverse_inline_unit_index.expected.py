# kernel: kernels/ca_reverse_unit_loop.py; TVM 0.27's print of it scheduled by reverse_inline_unit_index.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_reverse_unit_loop(A: T.Buffer((128, 128), "float32"), D: T.Buffer((1, 2, 1), "float32")):
    # with T.sblock("root"):
    for i_0, j_0, i_1, j_1 in T.grid(T.int64(8), T.int64(8), T.int64(16), T.int64(16)):
        with T.sblock("B"):
            vi = T.axis.spatial(T.int64(128), i_0 * T.int64(16) + i_1)
            vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1)
            T.where(i_0 * T.int64(16) + i_1 < T.int64(1) and j_0 * T.int64(16) + j_1 < T.int64(2))
            T.reads(A[vi, vj])
            T.writes(D[vi, vj, T.int64(0)])
            D[vi, vj, T.int64(0)] = A[vi, vj] * T.float32(2.0) + T.float32(1.0)
