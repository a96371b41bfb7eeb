# blocks without T.reads/T.writes; TVM's print with the regions it infers: reduction.expected.py
@T.prim_func(s_tir=True)
def reduction(A: T.Buffer((16,), "float32"), B: T.Buffer((4,), "float32")):
    for i, j in T.grid(4, 4):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SR", [i, j])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi * 4 + vj]
