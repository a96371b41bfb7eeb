# A kernel for schedule cases (generate.py): index computations repeated in one store, and a
# reduction whose init and update both index through them.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def gather_index(A: T.Buffer((64,), "float32"), B: T.Buffer((16, 8), "float32"), C: T.Buffer((16,), "float32")):
    for i, j in T.grid(16, 8):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi * 2 + vj % 4] + A[vi * 2 + vj % 4 + 1] * A[vj % 4 * 8]
    for i, k in T.grid(16, 8):
        with T.sblock("C"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                C[vi] = T.float32(0)
            C[vi] = C[vi] + B[vi, vk] * A[(vi + vk) % 64]
