# kernel: kernels/te_elementwise_int64.py; TVM 0.27's print of it scheduled by fuse_symbolic_int64_with_int32.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_elementwise_int64(A: T.Buffer((n, 256), "float32"), D: T.Buffer((n, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((n, 256))
    for i_j_fused in range(n * T.int64(256)):
        with T.sblock("B"):
            v_i = T.axis.spatial(n, i_j_fused // T.int64(256))
            v_j = T.axis.spatial(256, T.Cast("int32", i_j_fused % T.int64(256)))
            T.reads(A[v_i, v_j])
            T.writes(B[v_i, v_j])
            B[v_i, v_j] = A[v_i, v_j] * T.float32(2.0)
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i_j_fused // T.int64(256))
            v_j = T.axis.spatial(256, T.Cast("int32", i_j_fused % T.int64(256)))
            T.reads(B[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = (B[v_i, v_j] + T.float32(1.0)) * (B[v_i, v_j] + T.float32(1.0))
