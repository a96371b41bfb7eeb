# kernel: kernels/mm127.py; TVM 0.27's print of it scheduled by pad_einsum_after_split.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm127(A: T.Buffer((127, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    A_pad = T.sblock_alloc_buffer((128, 128))
    B_pad = T.sblock_alloc_buffer((128, 128))
    C_pad = T.sblock_alloc_buffer((128, 128))
    for i0, i1 in T.grid(128, 128):
        with T.sblock("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v0 < 127 and v1 < 127, A[v0, v1], T.float32(0.0))
    for i0, i1 in T.grid(128, 128):
        with T.sblock("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < 127 and v1 < 127, B[v0, v1], T.float32(0.0))
    for i0_0, i0_1, i1, i2 in T.grid(32, 4, 128, 128):
        with T.sblock("C"):
            i = T.axis.spatial(128, i0_0 * 4 + i0_1)
            j, k = T.axis.remap("SR", [i1, i2])
            T.where(i0_0 * 4 + i0_1 < 127)
            T.reads(A_pad[i, k], B_pad[k, j])
            T.writes(C_pad[i, j])
            with T.init():
                C_pad[i, j] = T.float32(0.0)
            C_pad[i, j] = C_pad[i, j] + A_pad[i, k] * B_pad[k, j]
    for i0, i1 in T.grid(127, 127):
        with T.sblock("C_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(C_pad[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_pad[v0, v1]
