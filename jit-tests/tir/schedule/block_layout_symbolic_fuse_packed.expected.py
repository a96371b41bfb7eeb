# kernel: kernels/layout_symbolic_rows.py; TVM 0.27's print of it scheduled by block_layout_symbolic_fuse_packed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic_rows(A: T.Buffer(("n", 64), "float32"), B: T.Buffer((8, n, 8), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for ax0 in range(n * 64):
        with T.sblock("B"):
            v0 = T.axis.spatial(n * 64, ax0)
            T.reads(A[v0 // 64, v0 % 64])
            T.writes(B[v0 % 64 // 8, v0 // 64, v0 % 8])
            B[v0 % 64 // 8, v0 // 64, v0 % 8] = A[v0 // 64, v0 % 64] + T.float32(1.0)
