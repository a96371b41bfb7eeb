# kernel: kernels/resize_index.py; TVM 0.27's print of it scheduled by blockize_sum_of_quotients.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def resize_index(A: T.Buffer((1, 3, 40, 40), "float32"), B: T.Buffer((1, 3, 80, 80), "float32")):
    # with T.sblock("root"):
    with T.sblock("A_o"):
        n_o = T.axis.spatial(1, 0)
        c_o = T.axis.spatial(1, 0)
        vi_o = T.axis.spatial(1, 0)
        vj_o = T.axis.spatial(1, 0)
        T.reads(A[n_o, 0:3, 0:39, 0:40])
        T.writes(B[n_o, 0:3, 0:80, 0:80])
        for i3, i2, i1, i0 in T.grid(80, 80, 3, 1):
            with T.sblock("A"):
                c_i, vi_i, vj_i = T.axis.remap("SSS", [i1, i2, i3])
                T.reads(A[n_o, c_i, vi_i // 4 + vj_i // 4, vj_i // 2])
                T.writes(B[n_o, c_i, vi_i, vj_i])
                B[n_o, c_i, vi_i, vj_i] = A[n_o, c_i, vi_i // 4 + vj_i // 4, vj_i // 2]
