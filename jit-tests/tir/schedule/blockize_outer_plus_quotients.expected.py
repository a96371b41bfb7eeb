# kernel: kernels/resize_index.py; TVM 0.27's print of it scheduled by blockize_outer_plus_quotients.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def resize_index(A: T.Buffer((1, 3, 40, 40), "float32"), B: T.Buffer((1, 3, 80, 80), "float32")):
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(1, 3, 80):
        with T.sblock("A_o"):
            n_o, c_o, vi_o = T.axis.remap("SSS", [i0, i1, i2])
            vj_o = T.axis.spatial(1, 0)
            T.reads(A[n_o, c_o, vi_o // 4:vi_o // 4 + 20, 0:40])
            T.writes(B[n_o, c_o, vi_o, 0:80])
            for i3 in range(80):
                with T.sblock("A"):
                    vj_i = T.axis.spatial(80, i3)
                    T.reads(A[n_o, c_o, vi_o // 4 + vj_i // 4, vj_i // 2])
                    T.writes(B[n_o, c_o, vi_o, vj_i])
                    B[n_o, c_o, vi_o, vj_i] = A[n_o, c_o, vi_o // 4 + vj_i // 4, vj_i // 2]
