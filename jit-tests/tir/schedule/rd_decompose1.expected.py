# kernel: kernels/rd_rowsum_blockized.py; TVM 0.27's print of it scheduled by rd_decompose1.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_rowsum_blockized(A: T.Buffer((32, 4, 128), "float32"), B: T.Buffer((32, 4), "float32")):
    # with T.sblock("root"):
    for i0_init in range(32):
        with T.sblock("blockized_B_init"):
            io = T.axis.spatial(32, i0_init)
            T.reads()
            T.writes(B[io, 0:4])
            for i1 in range(4):
                with T.sblock("B_init"):
                    ii_init = T.axis.spatial(4, i1)
                    T.reads()
                    T.writes(B[io, ii_init])
                    B[io, ii_init] = T.float32(0.0)
    for i0, i2_0 in T.grid(32, 16):
        with T.sblock("blockized_B_update"):
            io, ko = T.axis.remap("SR", [i0, i2_0])
            T.reads(B[io, 0:4], A[io, 0:4, ko * 8:ko * 8 + 8])
            T.writes(B[io, 0:4])
            for i1_1, i2_1 in T.grid(4, 8):
                with T.sblock("B"):
                    ii = T.axis.spatial(4, i1_1)
                    k = T.axis.reduce(128, ko * 8 + i2_1)
                    T.reads(B[io, ii], A[io, ii, k])
                    T.writes(B[io, ii])
                    B[io, ii] = B[io, ii] + A[io, ii, k]
