# kernel: kernels/copy_10x10.py; TVM 0.27's print of it scheduled by split_of_fused_split_reordered.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def copy_10x10(A: T.Buffer((10, 10), "float32"), C: T.Buffer((10, 10), "float32")):
    # with T.sblock("root"):
    for i_j_fused_0_1, i_j_fused_0_0, i_j_fused_1 in T.grid(3, 5, 8):
        with T.sblock("C"):
            vi = T.axis.spatial(10, ((i_j_fused_0_0 * 3 + i_j_fused_0_1) * 8 + i_j_fused_1) // 10)
            vj = T.axis.spatial(10, ((i_j_fused_0_0 * 3 + i_j_fused_0_1) * 8 + i_j_fused_1) % 10)
            T.where((i_j_fused_0_0 * 3 + i_j_fused_0_1) * 8 + i_j_fused_1 < 100 and i_j_fused_0_0 * 3 + i_j_fused_0_1 < 13)
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj]
