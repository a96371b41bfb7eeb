# kernel: kernels/ro_partial_affine.py; TVM 0.27's print of it scheduled by ro_partial_affine.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ro_partial_affine(A: T.Buffer((29, 4), "float32"), B: T.Buffer((29, 4), "float32")):
    # with T.sblock("root"):
    for v0, v2, v1 in T.grid(6, 4, 4):
        with T.sblock("block"):
            i = T.axis.spatial(29, v0 * v0 + v1)
            j = T.axis.spatial(4, v2)
            T.reads(A[i, j])
            T.writes(B[i, j])
            B[i, j] = A[i, j] + T.float32(1.0)
