# kernel: kernels/bz_body_simplified.py; TVM 0.27's print of it scheduled by blockize_body_simplified_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_body_simplified(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32"), C: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    for i_0 in range(8):
        with T.sblock("B_o"):
            vi_o = T.axis.spatial(8, i_0)
            T.reads(A[vi_o * 8:vi_o * 8 + 8])
            T.writes(B[vi_o * 8:vi_o * 8 + 8], C[vi_o * 8:vi_o * 8 + 8])
            for i_1 in range(8):
                with T.sblock("B"):
                    vi_i = T.axis.spatial(8, i_1)
                    T.reads(A[vi_o * 8 + vi_i])
                    T.writes(B[vi_o * 8 + vi_i], C[vi_o * 8 + vi_i])
                    B[vi_o * 8 + vi_i] = T.Select(T.float32(0.0) < A[vi_o * 8 + vi_i], A[vi_o * 8 + vi_i], T.float32(0.0)) + T.if_then_else(3 <= vi_o * 8 + vi_i, A[vi_o * 8 + vi_i], T.float32(0.0)) + T.if_then_else(T.float32(1.0) <= A[vi_o * 8 + vi_i], T.float32(1.0), T.float32(0.0))
                    C[vi_o * 8 + vi_i] = T.max(vi_o * 16 + vi_i * 2, 0) + T.if_then_else(7 < vi_o * 8 + vi_i, 1, 0) + T.if_then_else(vi_o * 8 + vi_i != 7, 1, 0)
