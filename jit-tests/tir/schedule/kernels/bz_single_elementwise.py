# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_blockize.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_single_elementwise(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
