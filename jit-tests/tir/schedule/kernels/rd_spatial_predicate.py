# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reduction.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rd_spatial_predicate(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8,), "float32")):
    for i, k in T.grid(10, 10):
        with T.sblock("B"):
            T.where(1 <= i and i < 9 and 1 <= k and k < 9)
            vi = T.axis.spatial(8, i - 1)
            vk = T.axis.reduce(8, k - 1)
            with T.init():
                B[vi] = T.float32(0)
            B[vi] += A[vi, vk]
