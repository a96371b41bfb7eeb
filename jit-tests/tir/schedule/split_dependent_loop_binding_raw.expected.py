# kernel: kernels/sf_dependent_loops.py; TVM 0.27's print of it scheduled by split_dependent_loop_binding_raw.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_dependent_loops(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        for j_0, j_1, j_2, k in T.grid((i + 63) // 64, 32, 2, 128):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i)
                vj = T.axis.spatial(i, (j_0 * 32 + j_1) * 2 + j_2)
                vk = T.axis.spatial(128, k)
                T.where((j_0 * 32 + j_1) * 2 + j_2 < i)
                T.reads(A[vi, vj, vk])
                T.writes(B[vi, vj, vk])
                B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
