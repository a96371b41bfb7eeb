# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_blockize.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")) -> None:
    for k, i in T.grid(128, 128):
        with T.sblock("B"):
            vk, vi = T.axis.remap("RS", [k, i])
            with T.init():
                B[vi] = 0.0
            B[vi] = B[vi] + A[vi, vk]
