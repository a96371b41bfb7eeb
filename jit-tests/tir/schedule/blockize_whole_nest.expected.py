# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by blockize_whole_nest.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    with T.sblock("C_o"):
        vi_o = T.axis.spatial(1, 0)
        vj_o = T.axis.spatial(1, 0)
        T.reads(B[0:128, 0:128])
        T.writes(C[0:128, 0:128])
        for i, j in T.grid(128, 128):
            with T.sblock("C"):
                vi_i, vj_i = T.axis.remap("SS", [i, j])
                T.reads(B[vi_i, vj_i])
                T.writes(C[vi_i, vj_i])
                C[vi_i, vj_i] = B[vi_i, vj_i] + T.float32(1.0)
