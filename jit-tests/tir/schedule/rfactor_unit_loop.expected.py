# kernel: kernels/square_sum_sqrt.py; TVM 0.27's print of it scheduled by rfactor_unit_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def square_sum_sqrt(A: T.Buffer((16, 256, 256), "float32"), D: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((1, 16))
    C = T.alloc_buffer((16,))
    for i0, i1_i2_fused_outer, i1_i2_fused_inner in T.grid(16, 65536, 1):
        with T.sblock("C_rf"):
            vi1_i2_fused_inner, b = T.axis.remap("SS", [i1_i2_fused_inner, i0])
            i = T.axis.reduce(256, i1_i2_fused_outer // 256)
            j = T.axis.reduce(256, i1_i2_fused_outer % 256)
            T.reads(A[b, i, j])
            T.writes(C_rf[vi1_i2_fused_inner, b])
            with T.init():
                C_rf[vi1_i2_fused_inner, b] = T.float32(0.0)
            C_rf[vi1_i2_fused_inner, b] = C_rf[vi1_i2_fused_inner, b] + A[b, i, j] * A[b, i, j]
    for i0, i1_i2_fused_inner in T.grid(16, 1):
        with T.sblock("C"):
            vi1_i2_fused_inner, b = T.axis.remap("RS", [i1_i2_fused_inner, i0])
            T.reads(C_rf[vi1_i2_fused_inner, b])
            T.writes(C[b])
            with T.init():
                C[b] = T.float32(0.0)
            C[b] = C[b] + C_rf[vi1_i2_fused_inner, b]
    for i0_1 in range(16):
        with T.sblock("D"):
            b_1 = T.axis.spatial(16, i0_1)
            T.reads(C[b_1])
            T.writes(D[b_1])
            D[b_1] = T.sqrt(C[b_1])
