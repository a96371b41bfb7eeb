# kernel: kernels/blockized_1.py; TVM 0.27's print of it scheduled by split_in_nested_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def blockized_1(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(8, 8):
        with T.sblock("C_outer"):
            vi_o, vj_o = T.axis.remap("SS", [i, j])
            T.reads(B[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i_i, j_i_0, j_i_1 in T.grid(16, 4, 4):
                with T.sblock("C_inner"):
                    vi = T.axis.spatial(128, i_i + vi_o * 16)
                    vj = T.axis.spatial(128, j_i_0 * 4 + j_i_1 + vj_o * 16)
                    T.reads(B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = B[vi, vj] + T.float32(1.0)
