# kernel: kernels/te_elementwise_int64.py; TVM 0.27's print of it scheduled by te_int64_reverse_inline.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_elementwise_int64(A: T.Buffer((n, 256), "float32"), D: T.Buffer((n, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((n, 256))
    for i, j in T.grid(n, 256):
        with T.sblock("B"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(A[v_i, v_j])
            T.writes(B[v_i, v_j])
            B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)
    for i, j in T.grid(n, 256):
        with T.sblock("C"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(B[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = (B[v_i, v_j] + T.float32(1.0)) * (B[v_i, v_j] + T.float32(1.0))
