# kernel: ../script/matmul512.py; TVM 0.27's print of it scheduled by matmul512_readme.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"), C: T.Buffer((512, 512), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_local = T.sblock_alloc_buffer((512, 512), scope="local")
    for i_0_j_0_fused in T.parallel(512):
        for i_1_init in range(8):
            for j_1_init in T.vectorized(64):
                with T.sblock("C_init"):
                    vi = T.axis.spatial(512, i_0_j_0_fused // 8 * 8 + i_1_init)
                    vj = T.axis.spatial(512, i_0_j_0_fused % 8 * 64 + j_1_init)
                    T.reads()
                    T.writes(C_local[vi, vj])
                    C_local[vi, vj] = T.float32(0.0)
        for k_0 in range(128):
            for k_1 in T.unroll(4):
                for i_1 in range(8):
                    for j_1 in T.vectorized(64):
                        with T.sblock("C_update"):
                            vi = T.axis.spatial(512, i_0_j_0_fused // 8 * 8 + i_1)
                            vj = T.axis.spatial(512, i_0_j_0_fused % 8 * 64 + j_1)
                            vk = T.axis.reduce(512, k_0 * 4 + k_1)
                            T.reads(C_local[vi, vj], A[vi, vk], B[vk, vj])
                            T.writes(C_local[vi, vj])
                            C_local[vi, vj] = C_local[vi, vj] + A[vi, vk] * B[vk, vj]
        for ax0 in range(8):
            for ax1 in T.vectorized(64):
                with T.sblock("C_local"):
                    v0 = T.axis.spatial(512, i_0_j_0_fused // 8 * 8 + ax0)
                    v1 = T.axis.spatial(512, i_0_j_0_fused % 8 * 64 + ax1)
                    T.reads(C_local[v0, v1])
                    T.writes(C[v0, v1])
                    C[v0, v1] = C_local[v0, v1]
