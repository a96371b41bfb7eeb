# kernel: kernels/layout_symbolic.py; TVM 0.27's print of it scheduled by block_layout_symbolic_transpose.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic(A: T.Buffer(("n", "m"), "float32"), B: T.Buffer((n, m), "float32")):
    n, m = T.int32(), T.int32()
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(m, n):
        with T.sblock("B"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v1, v0])
            T.writes(B[v1, v0])
            B[v1, v0] = A[v1, v0] + T.float32(1.0)
