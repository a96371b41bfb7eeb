# kernel: kernels/sf_not_affine.py; TVM 0.27's print of it scheduled by sf_fuse_not_affine.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_not_affine(A: T.Buffer((127, 128), "float32"), B: T.Buffer((127, 128), "float32")):
    # with T.sblock("root"):
    for i in range(4):
        for j_k_fused in range(T.min(31, 126 - i * 32) * 128 + 128):
            with T.sblock("B"):
                vi = T.axis.spatial(127, i * 32 + j_k_fused // 128)
                vj = T.axis.spatial(128, j_k_fused % 128)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj]
