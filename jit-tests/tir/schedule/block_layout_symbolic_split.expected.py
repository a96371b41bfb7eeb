# kernel: kernels/layout_symbolic_rows.py; TVM 0.27's print of it scheduled by block_layout_symbolic_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic_rows(A: T.Buffer(("n", 64), "float32"), B: T.Buffer((n, 64), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(n, 8, 8):
        with T.sblock("B"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v0, v1 * 8 + v2])
            T.writes(B[v0, v1 * 8 + v2])
            B[v0, v1 * 8 + v2] = A[v0, v1 * 8 + v2] + T.float32(1.0)
