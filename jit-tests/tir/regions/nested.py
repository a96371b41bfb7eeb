# blocks without T.reads/T.writes; TVM's print with the regions it infers: nested.expected.py
@T.prim_func(s_tir=True)
def nested(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for i in range(4):
        with T.sblock("outer"):
            vi = T.axis.spatial(4, i)
            for j in range(4):
                with T.sblock("inner"):
                    vj = T.axis.spatial(4, j)
                    B[vi, vj] = A[vi, vj] + T.float32(1)
