# kernel: kernels/partial_write.py; TVM 0.27's print of it scheduled by cache_write_region_under_split_guard.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partial_write(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B_global = T.sblock_alloc_buffer((16,))
    for i_0, i_1, i_2 in T.grid(1, 5, 4):
        with T.sblock("B"):
            vi = T.axis.spatial(16, i_0 * 20 + i_1 * 4 + i_2)
            T.where((i_0 * 5 + i_1) * 4 + i_2 < 16)
            T.reads(A[vi + 4])
            T.writes(B_global[vi])
            B_global[vi] = A[vi + 4] * T.float32(2.0)
    for ax0 in range(16):
        with T.sblock("B_global"):
            v0 = T.axis.spatial(16, ax0)
            T.reads(B_global[v0])
            T.writes(B[8 + v0])
            B[8 + v0] = B_global[v0]
