# kernel: kernels/square_sum.py; TVM 0.27's print of it scheduled by rfactor_kept_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def square_sum(A: T.Buffer((16, 256, 256), "float32"), C: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((256, 16))
    for b0, i0, j0 in T.grid(16, 256, 256):
        with T.sblock("C_rf"):
            vj0, b, i = T.axis.remap("SSR", [j0, b0, i0])
            T.reads(A[b, i, vj0])
            T.writes(C_rf[vj0, b])
            with T.init():
                C_rf[vj0, b] = T.float32(0.0)
            C_rf[vj0, b] = C_rf[vj0, b] + A[b, i, vj0] * A[b, i, vj0]
    for b0, j0 in T.grid(16, 256):
        with T.sblock("C"):
            vj0, b = T.axis.remap("RS", [j0, b0])
            T.reads(C_rf[vj0, b])
            T.writes(C[b])
            with T.init():
                C[b] = T.float32(0.0)
            C[b] = C[b] + C_rf[vj0, b]
