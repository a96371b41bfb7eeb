# kernel: kernels/partition_elementwise.py; TVM 0.27's print of it scheduled by blockize_fused_inner_loops.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partition_elementwise(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("B_o"):
            vi_o = T.axis.spatial(128, i)
            vj_o = T.axis.spatial(1, 0)
            vk_o = T.axis.spatial(1, 0)
            T.reads(A[vi_o, 0:128, 0:128])
            T.writes(B[vi_o, 0:128, 0:128])
            for j_k_fused in range(16384):
                with T.sblock("B"):
                    vj_i = T.axis.spatial(128, j_k_fused // 128)
                    vk_i = T.axis.spatial(128, j_k_fused % 128)
                    T.reads(A[vi_o, vj_i, vk_i])
                    T.writes(B[vi_o, vj_i, vk_i])
                    B[vi_o, vj_i, vk_i] = A[vi_o, vj_i, vk_i] * T.float32(2.0)
