# A kernel for schedule cases (generate.py): a vector add of 100 elements (no split factor
# of the cases divides it).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
@T.prim_func(s_tir=True)
def vector_add_100(A: T.Buffer((100,), "float32"), B: T.Buffer((100,), "float32"), C: T.Buffer((100,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in range(100):
        with T.sblock("C"):
            v_i = T.axis.spatial(100, i)
            T.reads(A[v_i], B[v_i])
            T.writes(C[v_i])
            C[v_i] = A[v_i] + B[v_i]
