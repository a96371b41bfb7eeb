# kernel: kernels/sf_symbolic.py; TVM 0.27's print of it scheduled by sf_split_symbolic_int64_factor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    # with T.sblock("root"):
    for i, j, k_0, k_1 in T.grid(128, 128, 10, (n + 9) // 10):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            vk = T.axis.spatial(n, k_0 * ((n + 9) // 10) + k_1)
            T.where(k_0 * ((n + 9) // 10) + k_1 < n)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
