# blocks without T.reads/T.writes; TVM's print with the regions it infers: local_buffer.expected.py
@T.prim_func(s_tir=True)
def local_buffer(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("B"):
            vi = T.axis.spatial(8, i)
            t = T.sblock_alloc_buffer((1,))
            t[0] = A[vi] * T.float32(2)
            B[vi] = t[0] + T.if_then_else(vi > 0, A[vi - 1], T.float32(0))
