# kernel: kernels/sf_symbolic.py; TVM 0.27's print of it scheduled by blockize_symbolic_inner.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    # with T.sblock("root"):
    for i_0, i_1, j in T.grid(4, 32, 128):
        with T.sblock("B_o"):
            vi_o = T.axis.spatial(128, i_0 * 32 + i_1)
            vj_o = T.axis.spatial(128, j)
            vk_o = T.axis.spatial(1, 0)
            T.reads(A[vi_o, vj_o, 0:n])
            T.writes(B[vi_o, vj_o, 0:n])
            for k in range(n):
                with T.sblock("B"):
                    vk_i = T.axis.spatial(n, k)
                    T.reads(A[vi_o, vj_o, vk_i])
                    T.writes(B[vi_o, vj_o, vk_i])
                    B[vi_o, vj_o, vk_i] = A[vi_o, vj_o, vk_i] * T.float32(2.0)
