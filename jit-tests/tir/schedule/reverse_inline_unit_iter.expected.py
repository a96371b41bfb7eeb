# kernel: kernels/reverse_unit_iter.py; TVM 0.27's print of it scheduled by reverse_inline_unit_iter.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load_unit_iter(A: T.Buffer((128, 128), "float32"), B: T.Buffer((8, 16, 1), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj], B[vi // 16, vi % 16, 0])
            T.writes(D[0, vi // 16, vi % 16, vj])
            D[0, vi // 16, vi % 16, vj] = A[vi, vj] * T.float32(2.0) + B[vi // 16, vi % 16, 0]
