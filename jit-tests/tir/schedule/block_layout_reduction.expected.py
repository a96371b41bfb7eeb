# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by block_layout_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(16, 128, 128, 8):
        with T.sblock("C"):
            v0, v1, v2, v3 = T.axis.remap("RSSR", [ax0, ax1, ax2, ax3])
            T.reads(A[v1, v0 * 8 + v3], B[v0 * 8 + v3, v2])
            T.writes(C[v1, v2])
            with T.init():
                C[v1, v2] = T.float32(0.0)
            C[v1, v2] = C[v1, v2] + A[v1, v0 * 8 + v3] * B[v0 * 8 + v3, v2]
