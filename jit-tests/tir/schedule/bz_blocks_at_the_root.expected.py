# kernel: kernels/bz_root.py; TVM 0.27's print of it scheduled by bz_blocks_at_the_root.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_root(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16, 32), "float32")):
    # with T.sblock("root"):
    with T.sblock("outer_B_C_"):
        vi_o = T.axis.spatial(1, 0)
        vj_o = T.axis.spatial(1, 0)
        T.reads(A[0:16, 0:32])
        T.writes(B[0:16, 0:32])
        for i, j in T.grid(16, 16):
            with T.sblock("B"):
                vi_i, vj_i = T.axis.remap("SS", [i, j])
                T.reads(A[vi_i, vj_i])
                T.writes(B[vi_i, vj_i])
                B[vi_i, vj_i] = A[vi_i, vj_i] * T.float32(2.0)
        for i, j in T.grid(16, 16):
            with T.sblock("C"):
                vi_i, vj_i = T.axis.remap("SS", [i, j])
                T.reads(A[vi_i, vj_i + 16])
                T.writes(B[vi_i, vj_i + 16])
                B[vi_i, vj_i + 16] = A[vi_i, vj_i + 16] + T.float32(1.0)
