# A kernel for schedule cases (generate.py), in the form of TVM's schedule tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def shift_read(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    B = T.sblock_alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(64, 64):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.if_then_else(1 <= vi, B[vi - 1, vj], T.float32(0.0)) + T.if_then_else(vj < 63, B[vi, vj + 1], T.float32(0.0))
