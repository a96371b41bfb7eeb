# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by annotate_access_halo.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi - 1:vi - 1 + 2, vj - 1:vj - 1 + 2])
            T.writes(C[vi, vj])
            T.sblock_attr({"explicit_read_region": [0]})
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
