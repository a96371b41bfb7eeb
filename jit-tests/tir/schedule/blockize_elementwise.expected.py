# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by blockize_elementwise.trace (generate.py)
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
    for i, j_0 in T.grid(128, 8):
        with T.sblock("C_o"):
            vi_o, vj_o = T.axis.remap("SS", [i, j_0])
            T.reads(B[vi_o, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o, vj_o * 16:vj_o * 16 + 16])
            for j_1 in range(16):
                with T.sblock("C"):
                    vj_i = T.axis.spatial(16, j_1)
                    T.reads(B[vi_o, vj_o * 16 + vj_i])
                    T.writes(C[vi_o, vj_o * 16 + vj_i])
                    C[vi_o, vj_o * 16 + vj_i] = B[vi_o, vj_o * 16 + vj_i] + T.float32(1.0)
