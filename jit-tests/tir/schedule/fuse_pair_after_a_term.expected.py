# kernel: kernels/rf_matmul.py; TVM 0.27's print of it scheduled by fuse_pair_after_a_term.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i0, i1, i2_outer, i2_inner_outer_i2_inner_inner_fused in T.grid(128, 128, 4, 32):
        with T.sblock("update"):
            vi, vj = T.axis.remap("SS", [i0, i1])
            vk = T.axis.reduce(128, i2_outer * 32 + i2_inner_outer_i2_inner_inner_fused)
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
