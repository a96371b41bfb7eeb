# kernel: kernels/tl_two_elementwise.py; TVM 0.27's print of it scheduled by layout_blockized_cache.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    B_global = T.sblock_alloc_buffer((8, 8, 16, 16))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[v0, v1])
            T.writes(B_global[v0 // 16, v1 // 16, v0 % 16, v1 % 16])
            B_global[v0 // 16, v1 // 16, v0 % 16, v1 % 16] = B[v0, v1]
    for i_0, j_0 in T.grid(8, 8):
        with T.sblock("C_o"):
            vi_o, vj_o = T.axis.remap("SS", [i_0, j_0])
            T.reads(B_global[vi_o, vj_o, 0:16, 0:16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i_1, j_1 in T.grid(16, 16):
                with T.sblock("C"):
                    vi_i, vj_i = T.axis.remap("SS", [i_1, j_1])
                    T.reads(B_global[vi_o, vj_o, vi_i, vj_i])
                    T.writes(C[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    C[vi_o * 16 + vi_i, vj_o * 16 + vj_i] = B_global[vi_o, vj_o, vi_i, vj_i] + T.float32(1.0)
