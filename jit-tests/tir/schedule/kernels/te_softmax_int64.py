# A kernel for schedule cases (generate.py): TVM 0.27's print of TOPI's softmax over int64 rows
# (te.create_prim_func; its indices mix int64 rows and int32 columns).
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_softmax_int64(A: T.Buffer((n, 256), "float32"), T_softmax_norm: T.Buffer((n, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((n,))
    T_softmax_exp = T.sblock_alloc_buffer((n, 256))
    T_softmax_expsum = T.sblock_alloc_buffer((n,))
    for i0, k in T.grid(n, 256):
        with T.sblock("T_softmax_maxelem"):
            v_i0 = T.axis.spatial(n, i0)
            v_k = T.axis.reduce(256, k)
            T.reads(A[v_i0, v_k])
            T.writes(T_softmax_maxelem[v_i0])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], A[v_i0, v_k])
    for i0, i1 in T.grid(n, 256):
        with T.sblock("T_softmax_exp"):
            v_i0 = T.axis.spatial(n, i0)
            v_i1 = T.axis.spatial(256, i1)
            T.reads(A[v_i0, v_i1], T_softmax_maxelem[v_i0])
            T.writes(T_softmax_exp[v_i0, v_i1])
            T_softmax_exp[v_i0, v_i1] = T.exp(A[v_i0, v_i1] - T_softmax_maxelem[v_i0])
    for i0, k in T.grid(n, 256):
        with T.sblock("T_softmax_expsum"):
            v_i0 = T.axis.spatial(n, i0)
            v_k = T.axis.reduce(256, k)
            T.reads(T_softmax_exp[v_i0, v_k])
            T.writes(T_softmax_expsum[v_i0])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0.0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_i0, v_k]
    for i0, i1 in T.grid(n, 256):
        with T.sblock("T_softmax_norm"):
            v_i0 = T.axis.spatial(n, i0)
            v_i1 = T.axis.spatial(256, i1)
            T.reads(T_softmax_exp[v_i0, v_i1], T_softmax_expsum[v_i0])
            T.writes(T_softmax_norm[v_i0, v_i1])
            T.sblock_attr({"axis": 1})
            T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]
