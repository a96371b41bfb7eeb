# kernel: kernels/layout_symbolic_rows.py; TVM 0.27's print of it scheduled by block_layout_symbolic_fuse_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic_rows(A: T.Buffer(("n", 64), "float32"), B: T.Buffer((n, 64), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(n * 8, 8):
        with T.sblock("B"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0 // 8, v0 % 8 * 8 + v1])
            T.writes(B[v0 // 8, v0 % 8 * 8 + v1])
            B[v0 // 8, v0 % 8 * 8 + v1] = A[v0 // 8, v0 % 8 * 8 + v1] + T.float32(1.0)
