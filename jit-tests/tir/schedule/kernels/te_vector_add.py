# A kernel for schedule cases (generate.py): TVM 0.27's print of its get-started tutorial's vector
# add (te.create_prim_func over a symbolic int32 n).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def te_vector_add(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32"), C: T.Buffer((n,), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in range(n):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i)
            T.reads(A[v_i], B[v_i])
            T.writes(C[v_i])
            C[v_i] = A[v_i] + B[v_i]
