# kernel: kernels/ew_odd.py; TVM 0.27's print of it scheduled by blockize_outer_predicate.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ew_odd(A: T.Buffer((100, 100), "float32"), C: T.Buffer((100, 100), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((100, 100))
    for i, j in T.grid(100, 100):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i_0, i_1 in T.grid(7, 16):
        with T.sblock("C_o"):
            vi_o = T.axis.spatial(100, i_0 * 16 + i_1)
            vj_o = T.axis.spatial(1, 0)
            T.where(i_0 * 16 + i_1 < 100)
            T.reads(B[vi_o, 0:100])
            T.writes(C[vi_o, 0:100])
            for j in range(100):
                with T.sblock("C"):
                    vj_i = T.axis.spatial(100, j)
                    T.reads(B[vi_o, vj_i])
                    T.writes(C[vi_o, vj_i])
                    C[vi_o, vj_i] = B[vi_o, vj_i] + T.float32(1.0)
