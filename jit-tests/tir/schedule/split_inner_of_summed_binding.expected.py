# kernel: kernels/split_inner_binding.py; TVM 0.27's print of it scheduled by split_inner_of_summed_binding.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def split_inner_binding(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i, j_0, j_1 in T.grid(16, 2, 4):
        with T.sblock("consumer"):
            ax = T.axis.spatial(128, i * 8 + j_0 * 4 + j_1)
            T.reads(A[ax])
            T.writes(B[ax])
            B[ax] = A[ax] + T.float32(1.0)
