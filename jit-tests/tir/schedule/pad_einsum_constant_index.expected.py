# kernel: kernels/ew_pad.py; TVM 0.27's print of it scheduled by pad_einsum_constant_index.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ew_pad(A: T.Buffer((100, 30), "float32"), C: T.Buffer((100, 30), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((100, 30))
    B_pad = T.sblock_alloc_buffer((112, 30))
    A_pad = T.sblock_alloc_buffer((112, 1))
    C_pad = T.sblock_alloc_buffer((112, 30))
    for i, j in T.grid(100, 30):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i0, i1 in T.grid(112, 30):
        with T.sblock("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < 100, B[v0, v1], T.float32(0.0))
    for i0, i1 in T.grid(112, 1):
        with T.sblock("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v0 < 100 and v1 < 30, A[v0, v1], T.float32(0.0))
    for i, j in T.grid(112, 30):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B_pad[vi, vj], A_pad[vi, 0])
            T.writes(C_pad[vi, vj])
            C_pad[vi, vj] = B_pad[vi, vj] + A_pad[vi, 0]
    for i0, i1 in T.grid(100, 30):
        with T.sblock("C_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(C_pad[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_pad[v0, v1]
