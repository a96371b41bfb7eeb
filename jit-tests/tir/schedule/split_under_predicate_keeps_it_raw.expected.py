# kernel: kernels/bz_blocks.py; TVM 0.27's print of it scheduled by split_under_predicate_keeps_it_raw.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_blocks(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for m_0, m_1 in T.grid(1, 8):
        for i_0, i_1, j in T.grid(1, 16, 1):
            with T.sblock("B"):
                vi = T.axis.spatial(3, i_0 * 16 + i_1)
                vj = T.axis.spatial(1, j)
                T.where(i_0 * 16 + i_1 < 3 and m_0 * 8 + m_1 < 6)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for i, j_0_0, j_0_1, j_0_2, j_1 in T.grid(128, 1, 16, 4, 10):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i)
                vj = T.axis.spatial(64, (j_0_0 * 64 + j_0_1 * 4 + j_0_2) * 10 + j_1)
                T.where(((j_0_0 * 16 + j_0_1) * 4 + j_0_2) * 10 + j_1 < 64 and (j_0_0 * 16 + j_0_1) * 4 + j_0_2 < 7 and m_0 * 8 + m_1 < 6)
                T.reads(A[vi, vj + 64])
                T.writes(B[vi, vj + 64])
                B[vi, vj + 64] = A[vi, vj + 64] * T.float32(3.0)
