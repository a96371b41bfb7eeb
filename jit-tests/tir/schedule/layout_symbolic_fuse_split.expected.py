# kernel: kernels/layout_symbolic_rows.py; TVM 0.27's print of it scheduled by layout_symbolic_fuse_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic_rows(A: T.Buffer(("n", 64), "float32"), B: T.Buffer((n * 8, 8), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for i, j in T.grid(n, 64):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi * 8 + vj // 8, vj % 8])
            B[vi * 8 + vj // 8, vj % 8] = A[vi, vj] + T.float32(1.0)
