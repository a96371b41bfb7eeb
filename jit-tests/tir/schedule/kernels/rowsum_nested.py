# A kernel for schedule cases (generate.py): a row sum and its consumer inside a block that is not
# the function's root (its own block scope).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128,), "float32")):
    for u in range(1):
        with T.sblock("outer"):
            B = T.sblock_alloc_buffer((128,))
            for i, k in T.grid(128, 128):
                with T.sblock("B"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    with T.init():
                        B[vi] = T.float32(0)
                    B[vi] = B[vi] + A[vi, vk]
            for i in range(128):
                with T.sblock("C"):
                    vi = T.axis.remap("S", [i])
                    C[vi] = B[vi] * T.float32(2)
