# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by block_layout_tiled.trace (generate.py)
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
    for ax0, ax1, ax2, ax3 in T.grid(8, 8, 16, 16):
        with T.sblock("C"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(B[v0 * 16 + v2, v1 * 16 + v3])
            T.writes(C[v0 * 16 + v2, v1 * 16 + v3])
            C[v0 * 16 + v2, v1 * 16 + v3] = B[v0 * 16 + v2, v1 * 16 + v3] + T.float32(1.0)
