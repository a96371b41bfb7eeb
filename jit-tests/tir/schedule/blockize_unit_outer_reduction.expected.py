# kernel: kernels/square_sum_sqrt_unit_outer.py; TVM 0.27's print of it scheduled by blockize_unit_outer_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def square_sum_sqrt_unit_outer(A: T.Buffer((16, 256, 256), "float32"), D: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    C = T.alloc_buffer((16,))
    with T.sblock("C_o"):
        b_o = T.axis.spatial(1, 0)
        i_o = T.axis.reduce(1, 0)
        j_o = T.axis.reduce(1, 0)
        T.reads(A[0:16, 0:256, 0:256])
        T.writes(C[0:16])
        with T.init():
            for i0 in range(16):
                with T.sblock("C_init"):
                    b_i_init = T.axis.spatial(16, i0)
                    T.reads()
                    T.writes(C[b_i_init])
                    C[b_i_init] = T.float32(0.0)
        for i0, i1_i2_fused_outer, i1_i2_fused_inner in T.grid(16, 1, 65536):
            with T.sblock("C"):
                b_i = T.axis.spatial(16, i0)
                i_i = T.axis.reduce(256, i1_i2_fused_inner // 256)
                j_i = T.axis.reduce(256, i1_i2_fused_inner % 256)
                T.reads(C[b_i], A[b_i, i_i, j_i])
                T.writes(C[b_i])
                C[b_i] = C[b_i] + A[b_i, i_i, j_i] * A[b_i, i_i, j_i]
    for i0_1 in range(16):
        with T.sblock("D"):
            b_1 = T.axis.spatial(16, i0_1)
            T.reads(C[b_1])
            T.writes(D[b_1])
            D[b_1] = T.sqrt(C[b_1])
