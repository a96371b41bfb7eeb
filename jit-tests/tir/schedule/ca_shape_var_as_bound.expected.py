# kernel: kernels/ca_shape_var_bound.py; TVM 0.27's print of it scheduled by ca_shape_var_as_bound.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ca_shape_var_bound(A: T.Buffer((32, 1, 128), "float32"), B: T.Buffer((32, "n", 128), "float32"), C: T.Buffer((32, 1, n), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((128, 32, 1, n))
    for ax0_ax1_fused in range(n * 32):
        for ax2_fused_1, ax2_fused_0 in T.grid(128, 1):
            with T.sblock("NT_matmul_rf"):
                vax2_fused_1 = T.axis.spatial(128, ax2_fused_1)
                v0 = T.axis.spatial(32, ax0_ax1_fused // n)
                v1 = T.axis.spatial(n, ax0_ax1_fused % n)
                vax2_fused_0 = T.axis.reduce(1, ax2_fused_0)
                T.reads(A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1], B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1])
                T.writes(C_rf[vax2_fused_1, v0, 0, v1])
                with T.init():
                    C_rf[vax2_fused_1, v0, 0, v1] = T.float32(0.0)
                C_rf[vax2_fused_1, v0, 0, v1] = C_rf[vax2_fused_1, v0, 0, v1] + A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1] * B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1]
        for ax0, ax1, ax2 in T.grid(128, 1, 1):
            with T.sblock("NT_matmul"):
                vax2_fused_1 = T.axis.reduce(128, ax0)
                v0 = T.axis.spatial(32, ax0_ax1_fused // n + ax1)
                v1 = T.axis.spatial(n, ax0_ax1_fused % n + ax2)
                T.reads(C_rf[vax2_fused_1, v0, 0, v1])
                T.writes(C[v0, 0, v1])
                with T.init():
                    C[v0, 0, v1] = T.float32(0.0)
                C[v0, 0, v1] = C[v0, 0, v1] + C_rf[vax2_fused_1, v0, 0, v1]
