# kernel: kernels/rf_matmul.py; TVM 0.27's print of it scheduled by rfactor_negative_axis.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((4, 128, 128))
    for i0, i1, i2_outer, i2_inner_outer, i2_inner_inner in T.grid(128, 128, 4, 8, 4):
        with T.sblock("update_rf"):
            vi2_inner_inner, vi, vj, vi2_outer, vi2_inner_outer = T.axis.remap("SSSRR", [i2_inner_inner, i0, i1, i2_outer, i2_inner_outer])
            T.reads(A[vi, vi2_outer * 32 + vi2_inner_outer * 4 + vi2_inner_inner], B[vj, vi2_outer * 32 + vi2_inner_outer * 4 + vi2_inner_inner])
            T.writes(C_rf[vi2_inner_inner, vi, vj])
            with T.init():
                C_rf[vi2_inner_inner, vi, vj] = T.float32(0.0)
            C_rf[vi2_inner_inner, vi, vj] = C_rf[vi2_inner_inner, vi, vj] + A[vi, vi2_outer * 32 + vi2_inner_outer * 4 + vi2_inner_inner] * B[vj, vi2_outer * 32 + vi2_inner_outer * 4 + vi2_inner_inner]
    for i0, i1, i2_inner_inner in T.grid(128, 128, 4):
        with T.sblock("update"):
            vi2_inner_inner, vi, vj = T.axis.remap("RSS", [i2_inner_inner, i0, i1])
            T.reads(C_rf[vi2_inner_inner, vi, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + C_rf[vi2_inner_inner, vi, vj]
