# kernel: kernels/mm127.py; TVM 0.27's print of it scheduled by blockize_outer_predicate_decomposed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def mm127(A: T.Buffer((127, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    for i0_0_init, i0_1_init in T.grid(8, 16):
        with T.sblock("C_o_init"):
            i_o = T.axis.spatial(127, i0_0_init * 16 + i0_1_init)
            j_o = T.axis.spatial(1, 0)
            T.where(i0_0_init * 16 + i0_1_init < 127)
            T.reads()
            T.writes(C[i_o, 0:127])
            for i1 in range(127):
                with T.sblock("C_init"):
                    j_i_init = T.axis.spatial(127, i1)
                    T.reads()
                    T.writes(C[i_o, j_i_init])
                    C[i_o, j_i_init] = T.float32(0.0)
    for i0_0, i0_1 in T.grid(8, 16):
        with T.sblock("C_o_update"):
            i_o = T.axis.spatial(127, i0_0 * 16 + i0_1)
            j_o = T.axis.spatial(1, 0)
            k_o = T.axis.reduce(1, 0)
            T.where(i0_0 * 16 + i0_1 < 127)
            T.reads(C[i_o, 0:127], A[i_o, 0:127], B[0:127, 0:127])
            T.writes(C[i_o, 0:127])
            for i1, i2 in T.grid(127, 127):
                with T.sblock("C"):
                    j_i, k_i = T.axis.remap("SR", [i1, i2])
                    T.reads(C[i_o, j_i], A[i_o, k_i], B[k_i, j_i])
                    T.writes(C[i_o, j_i])
                    C[i_o, j_i] = C[i_o, j_i] + A[i_o, k_i] * B[k_i, j_i]
