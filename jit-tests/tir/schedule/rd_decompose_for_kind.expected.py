# kernel: kernels/rd_colsum_vectorized.py; TVM 0.27's print of it scheduled by rd_decompose_for_kind.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_colsum_vectorized(A: T.Buffer((128, 32), "float32"), B: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for i_init in T.vectorized(32):
        with T.sblock("B_init"):
            vi = T.axis.spatial(32, i_init)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.float32(0.0)
    for k in range(128):
        for i in T.vectorized(32):
            with T.sblock("B_update"):
                vk, vi = T.axis.remap("RS", [k, i])
                T.reads(B[vi], A[vk, vi])
                T.writes(B[vi])
                B[vi] = B[vi] + A[vk, vi]
