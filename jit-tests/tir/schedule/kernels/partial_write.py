# A kernel for schedule cases (generate.py): a block that writes part of its output (the first
# 16 of 128 elements) from part of its input.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def partial_write(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    for i in range(16):
        with T.sblock("B"):
            vi = T.axis.spatial(16, i)
            B[vi + 8] = A[vi + 4] * T.float32(2.0)
