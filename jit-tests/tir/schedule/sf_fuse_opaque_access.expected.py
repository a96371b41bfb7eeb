# kernel: kernels/sf_opaque_access.py; TVM 0.27's print of it scheduled by sf_fuse_opaque_access.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_opaque_access(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i_j_fused in range(256):
        with T.sblock("A"):
            vi = T.axis.spatial(16, i_j_fused // 16)
            vj = T.axis.spatial(16, i_j_fused % 16)
            T.reads()
            T.writes(A[0:16, 0:16])
            A[vi, vj] = T.float32(1.0)
    for i_j_fused in range(256):
        with T.sblock("B"):
            vi = T.axis.spatial(16, i_j_fused // 16)
            vj = T.axis.spatial(16, i_j_fused % 16)
            T.reads()
            T.writes(B[0:16, 0:16])
            T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
