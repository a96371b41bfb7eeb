# blocks without T.reads/T.writes; TVM's print with the regions it infers: transpose.expected.py
@T.prim_func(s_tir=True)
def transpose(A: T.Buffer((8, 4), "float32"), B: T.Buffer((4, 8), "float32"), S: T.Buffer((1,), "float32")):
    for i, j in T.grid(4, 8):
        with T.sblock("T"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi] * S[0] + A[vj, 3 - vi]
