# kernel: kernels/rd_spatial_predicate.py; TVM 0.27's print of it scheduled by rd_decompose_spatial_predicate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_spatial_predicate(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i_init in range(10):
        with T.sblock("B_init"):
            vi = T.axis.spatial(8, i_init - 1)
            T.where(1 <= i_init and i_init < 9)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.float32(0.0)
    for i, k in T.grid(10, 10):
        with T.sblock("B_update"):
            vi = T.axis.spatial(8, i - 1)
            vk = T.axis.reduce(8, k - 1)
            T.where(1 <= i and i < 9 and 1 <= k and k < 9)
            T.reads(B[vi], A[vi, vk])
            T.writes(B[vi])
            B[vi] = B[vi] + A[vi, vk]
