# kernel: kernels/bz_single_elementwise.py; TVM 0.27's print of it scheduled by bz_outer.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_single_elementwise(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    with T.sblock("B_o"):
        vi_o = T.axis.spatial(1, 0)
        vj_o = T.axis.spatial(1, 0)
        T.reads(A[0:128, 0:128])
        T.writes(B[0:128, 0:128])
        for i, j in T.grid(128, 128):
            with T.sblock("B"):
                vi_i, vj_i = T.axis.remap("SS", [i, j])
                T.reads(A[vi_i, vj_i])
                T.writes(B[vi_i, vj_i])
                B[vi_i, vj_i] = A[vi_i, vj_i] * T.float32(2.0)
