# kernel: kernels/te_elementwise_int64.py; TVM 0.27's print of it scheduled by te_int64_inline_chain.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_elementwise_int64(A: T.Buffer((n, 256), "float32"), D: T.Buffer((n, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, j in T.grid(n, 256):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(A[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = (A[v_i, v_j] * T.float32(2.0) + T.float32(1.0)) * (A[v_i, v_j] * T.float32(2.0) + T.float32(1.0))
