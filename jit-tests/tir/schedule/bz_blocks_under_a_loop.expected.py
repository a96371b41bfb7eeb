# kernel: kernels/bz_rows.py; TVM 0.27's print of it scheduled by bz_blocks_under_a_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_rows(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4, 32), "float32")):
    # with T.sblock("root"):
    for i in range(4):
        with T.sblock("outer_B_C_"):
            vi_o = T.axis.spatial(4, i)
            vj_o = T.axis.spatial(1, 0)
            T.reads(A[vi_o:vi_o + (vi_o + 1 - vi_o), 0:16])
            T.writes(B[vi_o:vi_o + (vi_o + 1 - vi_o), 0:32])
            for j in range(16):
                with T.sblock("B"):
                    vj_i = T.axis.spatial(16, j)
                    T.reads(A[vi_o, vj_i])
                    T.writes(B[vi_o, vj_i])
                    B[vi_o, vj_i] = A[vi_o, vj_i] * T.float32(2.0)
            for j in range(16):
                with T.sblock("C"):
                    vj_i = T.axis.spatial(16, j)
                    T.reads(A[vi_o, vj_i])
                    T.writes(B[vi_o, vj_i + 16])
                    B[vi_o, vj_i + 16] = A[vi_o, vj_i] + T.float32(1.0)
