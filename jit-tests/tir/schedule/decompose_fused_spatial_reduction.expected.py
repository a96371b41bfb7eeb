# kernel: kernels/sum_pair.py; TVM 0.27's print of it scheduled by decompose_fused_spatial_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum_pair(A: T.Buffer((8, 32), "float32"), S: T.Buffer((8,), "float32"), Q: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i_k_fused_init in range(256):
        with T.sblock("sums_init"):
            vi = T.axis.spatial(8, i_k_fused_init // 32)
            T.reads()
            T.writes(S[vi], Q[vi])
            S[vi] = T.float32(0.0)
            Q[vi] = T.float32(0.0)
    for i_k_fused in range(256):
        with T.sblock("sums_update"):
            vi = T.axis.spatial(8, i_k_fused // 32)
            vk = T.axis.reduce(32, i_k_fused % 32)
            T.reads(S[vi], Q[vi], A[vi, vk])
            T.writes(S[vi], Q[vi])
            v_S: T.let[T.float32] = S[vi] + A[vi, vk]
            v_Q: T.let[T.float32] = Q[vi] + A[vi, vk] * A[vi, vk]
            S[vi] = v_S
            Q[vi] = v_Q
