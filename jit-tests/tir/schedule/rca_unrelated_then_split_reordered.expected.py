# kernel: kernels/sf_opaque_access.py; TVM 0.27's print of it scheduled by rca_unrelated_then_split_reordered.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_opaque_access(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i_0_1, i_1, i_0_0 in T.grid(2, 4, 3):
        for j in range(16):
            with T.sblock("B"):
                vi = T.axis.spatial(16, (i_0_0 * 2 + i_0_1) * 4 + i_1)
                vj = T.axis.spatial(16, j)
                T.where(i_0_0 * 2 + i_0_1 < 4)
                T.reads()
                T.writes(B[0:16, 0:16])
                T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("A"):
                vi, vj = T.axis.remap("SS", [ax0, ax1])
                T.where(i_0_0 * 2 + i_0_1 < 4)
                T.reads()
                T.writes(A[0:16, 0:16])
                A[vi, vj] = T.float32(1.0)
