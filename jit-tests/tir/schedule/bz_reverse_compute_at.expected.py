# kernel: kernels/bz_before_rca.py; TVM 0.27's print of it scheduled by bz_reverse_compute_at.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_before_rca(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(8, 8):
        with T.sblock("B_o"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(B[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            for i_1, j_1 in T.grid(16, 16):
                with T.sblock("B"):
                    vi_i, vj_i = T.axis.remap("SS", [i_1, j_1])
                    T.reads(A[vi * 16 + vi_i, vj * 16 + vj_i])
                    T.writes(B[vi * 16 + vi_i, vj * 16 + vj_i])
                    B[vi * 16 + vi_i, vj * 16 + vj_i] = A[vi * 16 + vi_i, vj * 16 + vj_i] * T.float32(2.0)
        with T.sblock("C_o"):
            vi_o, vj_o = T.axis.remap("SS", [i, j])
            T.reads(B[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for ax0, ax1 in T.grid(16, 16):
                with T.sblock("C"):
                    vi_i, vj_i = T.axis.remap("SS", [ax0, ax1])
                    T.reads(B[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    T.writes(C[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    C[vi_o * 16 + vi_i, vj_o * 16 + vj_i] = B[vi_o * 16 + vi_i, vj_o * 16 + vj_i] + T.float32(1.0)
