# kernel: kernels/layout_symbolic.py; TVM 0.27's print of it scheduled by cache_write_fused_symbolic.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layout_symbolic(A: T.Buffer(("n", "m"), "float32"), B: T.Buffer((n, m), "float32")):
    n, m = T.int32(), T.int32()
    # with T.sblock("root"):
    B_global = T.sblock_alloc_buffer((n, m))
    for i_j_fused in range(n * m):
        with T.sblock("B"):
            vi = T.axis.spatial(n, i_j_fused // m)
            vj = T.axis.spatial(m, i_j_fused % m)
            T.reads(A[vi, vj])
            T.writes(B_global[vi, vj])
            B_global[vi, vj] = A[vi, vj] + T.float32(1.0)
    for ax0, ax1 in T.grid(n, m):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_global[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_global[v0, v1]
