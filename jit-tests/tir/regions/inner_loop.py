# blocks without T.reads/T.writes; TVM's print with the regions it infers: inner_loop.expected.py
@T.prim_func(s_tir=True)
def inner_loop(A: T.Buffer((8, 16), "float32"), C: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("C"):
            vi = T.axis.spatial(8, i)
            C[vi] = T.float32(0)
            for k in range(4):
                C[vi] = C[vi] + A[vi, k * 2 + 1]
