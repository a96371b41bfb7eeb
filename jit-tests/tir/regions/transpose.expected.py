# TVM 0.27's print of transpose.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transpose(A: T.Buffer((8, 4), "float32"), B: T.Buffer((4, 8), "float32"), S: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(4, 8):
        with T.sblock("T"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vj, T.min(vi, 3 - vi):T.min(vi, 3 - vi) + (T.max(vi, 3 - vi) + 1 - T.min(vi, 3 - vi))], S[0])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vj, vi] * S[0] + A[vj, 3 - vi]
