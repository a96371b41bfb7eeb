# kernel: kernels/rf_matmul.py; TVM 0.27's print of it scheduled by fuse_split_parts_then_reindex.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A_reindex = T.sblock_alloc_buffer((128, 128))
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_reindex_reindex"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_reindex[v0, v1])
            A_reindex[v0, v1] = A[v0, v1]
    for i0, i1_i2_outer_i2_inner_outer_fused, i2_inner_inner in T.grid(128, 4096, 4):
        with T.sblock("update"):
            vi = T.axis.spatial(128, i0)
            vj = T.axis.spatial(128, i1_i2_outer_i2_inner_outer_fused // 32)
            vk = T.axis.reduce(128, i1_i2_outer_i2_inner_outer_fused % 32 * 4 + i2_inner_inner)
            T.reads(A_reindex[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A_reindex[vi, vk] * B[vj, vk]
