# kernel: kernels/stencil.py; TVM 0.27's print of it scheduled by ca_clipped_stencil.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def stencil(A: T.Buffer((64,), "float32"), C: T.Buffer((62,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64,))
    for i_0 in range(8):
        for ax0 in range(10):
            with T.sblock("B"):
                vi = T.axis.spatial(64, i_0 * 8 + ax0)
                T.where(i_0 * 8 + ax0 < 64)
                T.reads(A[vi])
                T.writes(B[vi])
                B[vi] = A[vi] + T.float32(1.0)
        for i_1 in range(8):
            with T.sblock("C"):
                vi = T.axis.spatial(62, i_0 * 8 + i_1)
                T.where(i_0 * 8 + i_1 < 62)
                T.reads(B[vi:vi + 3])
                T.writes(C[vi])
                C[vi] = B[vi] + B[vi + 2]
