# kernel: kernels/mm127.py; TVM 0.27's print of it scheduled by blockize_outer_predicate_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm127(A: T.Buffer((127, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    for i0_0, i0_1, i1 in T.grid(8, 16, 127):
        with T.sblock("C_o"):
            i_o = T.axis.spatial(127, i0_0 * 16 + i0_1)
            j_o = T.axis.spatial(127, i1)
            k_o = T.axis.reduce(1, 0)
            T.where(i0_0 * 16 + i0_1 < 127)
            T.reads(A[i_o, 0:127], B[0:127, j_o])
            T.writes(C[i_o, j_o])
            with T.init():
                with T.sblock("C_init"):
                    T.reads()
                    T.writes(C[i_o, j_o])
                    C[i_o, j_o] = T.float32(0.0)
            for i2 in range(127):
                with T.sblock("C"):
                    k_i = T.axis.reduce(127, i2)
                    T.reads(C[i_o, j_o], A[i_o, k_i], B[k_i, j_o])
                    T.writes(C[i_o, j_o])
                    C[i_o, j_o] = C[i_o, j_o] + A[i_o, k_i] * B[k_i, j_o]
