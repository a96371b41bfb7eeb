# kernel: kernels/sf_with_opaque_block.py; TVM 0.27's print of it scheduled by sf_split_opaque_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_with_opaque_block(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, i_1, j, k in T.grid(8, 16, 128, 128):
        with T.sblock("opaque"):
            T.reads(A[i_0 * 16 + i_1, j, k])
            T.writes(B[i_0 * 16 + i_1, j, k])
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj, vk = T.axis.remap("SS", [j, k])
                T.reads(A[vi, vj, vk])
                T.writes(B[vi, vj, vk])
                B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
