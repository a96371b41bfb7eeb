# TVM 0.27's print of matched_rows.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matched_rows(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4,), "float32")):
    # with T.sblock("root"):
    for i in range(4):
        with T.sblock("row"):
            vi = T.axis.spatial(4, i)
            T.reads(B[vi], A[vi, 4:12])
            T.writes(B[vi])
            Arow = T.match_buffer(A[vi, 4:12], (8,))
            B[vi] = T.float32(0.0)
            for k in range(8):
                B[vi] = B[vi] + Arow[k]
