# blocks without T.reads/T.writes; TVM's print with the regions it infers: lets.expected.py
@T.prim_func(s_tir=True)
def lets(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i, k in T.grid(16, 4):
        with T.sblock("r"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            x0: T.let[T.int32] = vk + 1
            x1: T.let[T.int32] = x0 * 2
            B[vi] = B[vi] + A[x1 + vi]
