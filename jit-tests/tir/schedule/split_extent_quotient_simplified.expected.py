# kernel: kernels/sf_not_affine.py; TVM 0.27's print of it scheduled by split_extent_quotient_simplified.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_not_affine(A: T.Buffer((127, 128), "float32"), B: T.Buffer((127, 128), "float32")):
    # with T.sblock("root"):
    A_local = T.sblock_alloc_buffer((127, 128), scope="local")
    for i in range(4):
        for j_0, j_1, j_2 in T.grid(T.min(31, 126 - i * 32) // 6 + 1, 3, 2):
            for ax0, ax1 in T.grid(127, 128):
                with T.sblock("A_local"):
                    v0, v1 = T.axis.remap("SS", [ax0, ax1])
                    T.where((j_0 * 3 + j_1) * 2 + j_2 < T.min(31, 126 - i * 32) + 1)
                    T.reads(A[v0, v1])
                    T.writes(A_local[v0, v1])
                    A_local[v0, v1] = A[v0, v1]
            for k in range(128):
                with T.sblock("B"):
                    vi = T.axis.spatial(127, i * 32 + ((j_0 * 3 + j_1) * 2 + j_2))
                    vj = T.axis.spatial(128, k)
                    T.where((j_0 * 3 + j_1) * 2 + j_2 < T.min(31, 126 - i * 32) + 1)
                    T.reads(A_local[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A_local[vi, vj]
