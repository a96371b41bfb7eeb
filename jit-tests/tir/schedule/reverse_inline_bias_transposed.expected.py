# kernel: kernels/reverse_bias_transposed.py; TVM 0.27's print of it scheduled by reverse_inline_bias_transposed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_bias_transposed(A: T.Buffer((64, 32), "float32"), C: T.Buffer((32, 64), "float32"), D: T.Buffer((32, 64), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(64, 32):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj], D[vj, vi])
            T.writes(C[vj, vi])
            C[vj, vi] = A[vi, vj] * T.float32(2.0) + D[vj, vi] * (A[vi, vj] * T.float32(2.0))
