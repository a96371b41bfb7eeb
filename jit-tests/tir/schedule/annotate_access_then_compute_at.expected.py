# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by annotate_access_then_compute_at.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i in range(128):
        for ax0 in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, ax0])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                T.sblock_attr({"explicit_write_region": [0]})
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for j in range(128):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, 0:128])
                T.writes(C[vi, vj])
                T.sblock_attr({"explicit_read_region": [0]})
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
