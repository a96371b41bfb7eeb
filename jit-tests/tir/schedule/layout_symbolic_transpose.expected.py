# kernel: kernels/layout_symbolic.py; TVM 0.27's print of it scheduled by layout_symbolic_transpose.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic(A: T.Buffer(("n", "m"), "float32"), B: T.Buffer((m, n), "float32")):
    n, m = T.int32(), T.int32()
    # with T.sblock("root"):
    for i, j in T.grid(n, m):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vj, vi])
            B[vj, vi] = A[vi, vj] + T.float32(1.0)
