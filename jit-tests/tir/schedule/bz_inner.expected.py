# kernel: kernels/bz_single_elementwise.py; TVM 0.27's print of it scheduled by bz_inner.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_single_elementwise(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("B_o"):
            vi_o = T.axis.spatial(128, i)
            vj_o = T.axis.spatial(1, 0)
            T.reads(A[vi_o, 0:128])
            T.writes(B[vi_o, 0:128])
            for j in range(128):
                with T.sblock("B"):
                    vj_i = T.axis.spatial(128, j)
                    T.reads(A[vi_o, vj_i])
                    T.writes(B[vi_o, vj_i])
                    B[vi_o, vj_i] = A[vi_o, vj_i] * T.float32(2.0)
