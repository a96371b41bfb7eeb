# kernel: kernels/bz_body_simplified.py; TVM 0.27's print of it scheduled by blockize_body_simplified.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_body_simplified(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32"), C: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    with T.sblock("B_o"):
        vi_o = T.axis.spatial(1, 0)
        T.reads(A[0:64])
        T.writes(B[0:64], C[0:64])
        for i in range(64):
            with T.sblock("B"):
                vi_i = T.axis.spatial(64, i)
                T.reads(A[vi_i])
                T.writes(B[vi_i], C[vi_i])
                B[vi_i] = T.Select(T.float32(0.0) < A[vi_i], A[vi_i], T.float32(0.0)) + T.if_then_else(3 <= vi_i, A[vi_i], T.float32(0.0)) + T.if_then_else(T.float32(1.0) <= A[vi_i], T.float32(1.0), T.float32(0.0))
                C[vi_i] = vi_i * 2 + T.if_then_else(7 < vi_i, 1, 0) + T.if_then_else(vi_i != 7, 1, 0)
