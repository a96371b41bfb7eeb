# kernel: kernels/shift_read.py; TVM 0.27's print of it scheduled by ca_shifted_union.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def shift_read(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64, 64))
    for i_0, j_0 in T.grid(8, 8):
        for ax0, ax1 in T.grid(9, 9):
            with T.sblock("B"):
                vi = T.axis.spatial(64, i_0 * 8 - 1 + ax0)
                vj = T.axis.spatial(64, j_0 * 8 + ax1)
                T.where(1 <= i_0 * 8 + ax0 and j_0 * 8 + ax1 < 64)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] + T.float32(1.0)
        for i_1, j_1 in T.grid(8, 8):
            with T.sblock("C"):
                vi = T.axis.spatial(64, i_0 * 8 + i_1)
                vj = T.axis.spatial(64, j_0 * 8 + j_1)
                T.reads(B[vi - 1:vi - 1 + 2, vj:vj + 2])
                T.writes(C[vi, vj])
                C[vi, vj] = T.if_then_else(1 <= vi, B[vi - 1, vj], T.float32(0.0)) + T.if_then_else(vj < 63, B[vi, vj + 1], T.float32(0.0))
