# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_for_kind.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def fk_scatter_compute(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in T.grid(8):
        with T.sblock("first_half"):
            vi = T.axis.spatial(16, 8 + i)
            B[vi] = A[vi - 8]
    for i in T.grid(8):
        with T.sblock("last_half"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi + 8]
