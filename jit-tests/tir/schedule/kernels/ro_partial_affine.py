# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py (rows 14 -> 29: its v0 * v0 + v1 reaches 28).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_partial_affine(A: T.Buffer((29, 4), "float32"), B: T.Buffer((29, 4), "float32")):
    for v0, v1, v2 in T.grid(6, 4, 4):
        with T.sblock("block"):
            i = T.axis.spatial(29, v0 * v0 + v1)
            j = T.axis.spatial(4, v2)
            B[i, j] = A[i, j] + 1.0
