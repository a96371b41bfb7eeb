# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ca_shape_var_bound(a: T.handle, b: T.handle, c: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (32, 1, 128))
    B = T.match_buffer(b, (32, n, 128))
    C = T.match_buffer(c, (32, 1, n))
    C_rf = T.sblock_alloc_buffer((128, 32, 1, n))
    for ax0_ax1_fused, ax2_fused_1, ax2_fused_0 in T.grid(n * 32, 128, 1):
        with T.sblock("NT_matmul_rf"):
            vax2_fused_1 = T.axis.spatial(128, ax2_fused_1)
            v0 = T.axis.spatial(32, ax0_ax1_fused // n)
            v1 = T.axis.spatial(n, ax0_ax1_fused % n)
            vax2_fused_0 = T.axis.reduce(1, ax2_fused_0)
            T.reads(A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1], B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1])
            T.writes(C_rf[vax2_fused_1, v0, 0, v1])
            with T.init():
                C_rf[vax2_fused_1, v0, 0, v1] = T.float32(0)
            C_rf[vax2_fused_1, v0, 0, v1] = C_rf[vax2_fused_1, v0, 0, v1] + A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1] * B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1]
    for ax0_ax1_fused, ax2_fused_1 in T.grid(n * 32, 128):
        with T.sblock("NT_matmul"):
            vax2_fused_1 = T.axis.reduce(128, ax2_fused_1)
            v0 = T.axis.spatial(32, ax0_ax1_fused // n)
            v1 = T.axis.spatial(n, ax0_ax1_fused % n)
            T.reads(C_rf[vax2_fused_1, v0, 0, v1])
            T.writes(C[v0, 0, v1])
            with T.init():
                C[v0, 0, v1] = T.float32(0)
            C[v0, 0, v1] = C[v0, 0, v1] + C_rf[vax2_fused_1, v0, 0, v1]
