# blocks without T.reads/T.writes; TVM's print with the regions it infers: matched_rows.expected.py
@T.prim_func(s_tir=True)
def matched_rows(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("row"):
            vi = T.axis.spatial(4, i)
            Arow = T.match_buffer(A[vi, 4:12], (8,))
            B[vi] = T.float32(0)
            for k in range(8):
                B[vi] = B[vi] + Arow[k]
