# kernel: kernels/reverse_partial.py; TVM 0.27's print of it scheduled by rca_partial_predicate_on_outer_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_partial(A: T.Buffer((64,), "float32"), C: T.Buffer((62,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64,))
    for i_0, i_1 in T.grid(32, 2):
        with T.sblock("B"):
            vi = T.axis.spatial(64, i_0 * 2 + i_1)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * T.float32(2.0)
        with T.sblock("C"):
            vi = T.axis.spatial(62, i_0 * 2 + i_1)
            T.where(i_0 < 31)
            T.reads(B[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + T.float32(1.0)
