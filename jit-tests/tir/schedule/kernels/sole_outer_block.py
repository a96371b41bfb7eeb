# A kernel for schedule cases (generate.py): the whole body one block without variables, which TVM takes as the function's root.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def k(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    with T.sblock("outer"):
        B = T.sblock_alloc_buffer((128, 128), dtype="float32")
        for i, j in T.grid(128, 128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * 2.0
        for i, j in T.grid(128, 128):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] + 1.0
