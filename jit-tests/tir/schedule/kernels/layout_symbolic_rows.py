# A kernel for schedule cases (generate.py): transform_layout over a symbolic shape.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def layout_symbolic_rows(A: T.Buffer(("n", 64), "float32"), B: T.Buffer((n, 64), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for i, j in T.grid(n, 64):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
