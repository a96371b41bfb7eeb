# kernel: kernels/bz_blocks.py; TVM 0.27's print of it scheduled by blockize_inner_of_several.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_blocks(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for m in range(6):
        for i in range(3):
            with T.sblock("B_o"):
                vi_o = T.axis.spatial(3, i)
                vj_o = T.axis.spatial(1, 0)
                T.reads(A[vi_o, vj_o])
                T.writes(B[vi_o, vj_o])
                for j in range(1):
                    with T.sblock("B"):
                        T.reads(A[vi_o, vj_o])
                        T.writes(B[vi_o, vj_o])
                        B[vi_o, vj_o] = A[vi_o, vj_o] * T.float32(2.0)
        for i, j in T.grid(128, 64):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj + 64])
                T.writes(B[vi, vj + 64])
                B[vi, vj + 64] = A[vi, vj + 64] * T.float32(3.0)
