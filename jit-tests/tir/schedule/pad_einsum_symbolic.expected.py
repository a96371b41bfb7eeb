# kernel: kernels/pad_einsum_symbolic.py; TVM 0.27's print of it scheduled by pad_einsum_symbolic.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_einsum_symbolic(A: T.Buffer((128, 128), "float32"), B: T.Buffer(("n", 128), "float32"), C: T.Buffer((128, n), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    B_pad = T.sblock_alloc_buffer(((n + 31) // 32 * 32, 128))
    C_pad = T.sblock_alloc_buffer((128, (n + 31) // 32 * 32))
    for i0, i1 in T.grid((n + 31) // 32 * 32, 128):
        with T.sblock("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < n, B[v0, v1], T.float32(0.0))
    for i0, i1, i2 in T.grid(128, (n + 31) // 32 * 32, 128):
        with T.sblock("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(A[i, k], B_pad[j, k])
            T.writes(C_pad[i, j])
            with T.init():
                C_pad[i, j] = T.float32(0.0)
            C_pad[i, j] = C_pad[i, j] + A[i, k] * B_pad[j, k]
    for i0, i1 in T.grid(128, n):
        with T.sblock("C_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(C_pad[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_pad[v0, v1]
