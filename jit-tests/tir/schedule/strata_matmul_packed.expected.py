# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by strata_matmul_packed.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    C_local = T.sblock_alloc_buffer((128, 128), scope="local")
    B_global = T.sblock_alloc_buffer((16, 128, 8))
    for ax0 in T.parallel(128):
        for ax1_0 in range(16):
            for ax1_1 in T.vectorized(8):
                with T.sblock("B_global"):
                    v0 = T.axis.spatial(128, ax0)
                    v1 = T.axis.spatial(128, ax1_0 * 8 + ax1_1)
                    T.reads(B[v0, v1])
                    T.writes(B_global[v1 // 8, v0, v1 % 8])
                    B_global[v1 // 8, v0, v1 % 8] = B[v0, v1]
    for i_0_j_0_fused in T.parallel(2):
        for i_1, j_1 in T.grid(16, 16):
            for i_2_init in T.unroll(4):
                for j_2_init in T.vectorized(8):
                    with T.sblock("C_init"):
                        vi = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1 * 4 + i_2_init)
                        vj = T.axis.spatial(128, j_1 * 8 + j_2_init)
                        T.reads()
                        T.writes(C_local[vi, vj])
                        C_local[vi, vj] = T.float32(0.0)
            for k_0, k_1 in T.grid(8, 16):
                for i_2 in T.unroll(4):
                    for j_2 in T.vectorized(8):
                        with T.sblock("C_update"):
                            vi = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1 * 4 + i_2)
                            vj = T.axis.spatial(128, j_1 * 8 + j_2)
                            vk = T.axis.reduce(128, k_0 * 16 + k_1)
                            T.reads(C_local[vi, vj], A[vi, vk], B_global[vj // 8, vk, vj % 8])
                            T.writes(C_local[vi, vj])
                            C_local[vi, vj] = C_local[vi, vj] + A[vi, vk] * B_global[vj // 8, vk, vj % 8]
            for ax0 in range(4):
                for ax1 in T.vectorized(8):
                    with T.sblock("C_local"):
                        v0 = T.axis.spatial(128, i_0_j_0_fused * 64 + i_1 * 4 + ax0)
                        v1 = T.axis.spatial(128, j_1 * 8 + ax1)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]
