# blocks without T.reads/T.writes; TVM's print with the regions it infers: stencil.expected.py
@T.prim_func(s_tir=True)
def stencil(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            B[vi + 1] = A[vi] + A[vi + 2] + A[vi + 1]
