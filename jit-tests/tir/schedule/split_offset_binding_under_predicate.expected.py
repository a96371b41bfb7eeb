# kernel: kernels/fk_scatter_compute.py; TVM 0.27's print of it scheduled by split_offset_binding_under_predicate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_scatter_compute(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i_0, i_1 in T.grid(7, 2):
        with T.sblock("first_half"):
            vi = T.axis.spatial(16, i_0 * 2 + i_1 + 8)
            T.where(i_0 * 2 + i_1 < 8)
            T.reads(A[vi - 8])
            T.writes(B[vi])
            B[vi] = A[vi - 8]
    for i_0, i_1 in T.grid(16, 1):
        with T.sblock("last_half"):
            vi = T.axis.spatial(16, i_0 + i_1)
            T.where(i_0 + i_1 < 8)
            T.reads(A[vi + 8])
            T.writes(B[vi])
            B[vi] = A[vi + 8]
