# kernel: kernels/sf_symbolic.py; TVM 0.27's print of it scheduled by blockize_symbolic_split_guard.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    # with T.sblock("root"):
    with T.sblock("B_o"):
        vi_o = T.axis.spatial(1, 0)
        vj_o = T.axis.spatial(1, 0)
        vk_o = T.axis.spatial(1, 0)
        T.reads(A[0:128, 0:128, 0:n])
        T.writes(B[0:128, 0:128, 0:n])
        for k_1, i, k_0 in T.grid((n + 2) // 3, 128, 3):
            for j in T.unroll(128):
                with T.sblock("B"):
                    vi_i, vj_i = T.axis.remap("SS", [i, j])
                    vk_i = T.axis.spatial(n, k_0 * ((n + 2) // 3) + k_1)
                    T.where(k_0 * ((n + 2) // 3) + k_1 < n)
                    T.reads(A[vi_i, vj_i, vk_i])
                    T.writes(B[vi_i, vj_i, vk_i])
                    B[vi_i, vj_i, vk_i] = A[vi_i, vj_i, vk_i] * T.float32(2.0)
