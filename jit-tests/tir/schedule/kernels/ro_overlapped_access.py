# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_overlapped_access(A: T.Buffer((14, 4), "float32"), B: T.Buffer((14, 4), "float32")):
    for v0, v1, v2 in T.grid(6, 4, 4):
        with T.sblock("block"):
            i = T.axis.spatial(14, v0 * 2 + v1)
            j = T.axis.spatial(4, v2)
            B[i, j] = A[i, j] + 1.0
