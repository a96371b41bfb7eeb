# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by layout_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((8, 8, 16, 16))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi // 16, vj // 16, vi % 16, vj % 16])
            B[vi // 16, vj // 16, vi % 16, vj % 16] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi // 16, vj // 16, vi % 16, vj % 16])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi // 16, vj // 16, vi % 16, vj % 16] + T.float32(1.0)
