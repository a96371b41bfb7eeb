# kernel: kernels/sf_dependent_loops.py; TVM 0.27's print of it scheduled by split_dependent_domain.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_dependent_loops(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, i_1 in T.grid(32, 4):
        for j, k in T.grid(i_0 * 4 + i_1, 128):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_0 * 4 + i_1)
                vj, vk = T.axis.remap("SS", [j, k])
                T.reads(A[vi, vj, vk])
                T.writes(B[vi, vj, vk])
                B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
