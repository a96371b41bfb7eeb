# kernel: kernels/ca_reverse_unit_loop.py; TVM 0.27's print of it scheduled by pad_einsum_int64_guard.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_reverse_unit_loop(A: T.Buffer((128, 128), "float32"), D: T.Buffer((1, 2, 1), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    B_pad = T.sblock_alloc_buffer((T.int64(2), 128))
    D_pad = T.sblock_alloc_buffer((T.int64(2), 2, T.int64(2)))
    for i_0_0, i_0_1, j_0, i_1, j_1 in T.grid(T.int64(8), T.int64(1), T.int64(8), T.int64(16), T.int64(16)):
        with T.sblock("B"):
            vi = T.axis.spatial(T.int64(128), i_0_0 * T.int64(16) + i_0_1 * T.int64(16) + i_1)
            vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i0, i1 in T.grid(T.int64(2), 128):
        with T.sblock("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < T.int64(128), B[v0, v1], T.float32(0.0))
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(2), T.int64(2)):
        with T.sblock("D"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B_pad[v0, v1])
            T.writes(D_pad[v0, v1, v2])
            D_pad[v0, v1, v2] = B_pad[v0, v1] + T.float32(1.0)
    for i0, i1, i2 in T.grid(1, 2, 1):
        with T.sblock("D_pad"):
            v0, v1, v2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(D_pad[v0, v1, v2])
            T.writes(D[v0, v1, v2])
            D[v0, v1, v2] = D_pad[v0, v1, v2]
