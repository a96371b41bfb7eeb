# kernel: kernels/two_elementwise_unit_dim.py; TVM 0.27's print of it scheduled by layout_unit_dim_folds.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise_unit_dim(A: T.Buffer((8, 16), "float32"), C: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B = T.alloc_buffer((1, 128))
    for i, j in T.grid(1, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vj // 16, vj % 16])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vj // 16, vj % 16] * T.float32(2.0)
    for i, j in T.grid(1, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vj])
            C[vj] = B[vi, vj] + T.float32(1.0)
