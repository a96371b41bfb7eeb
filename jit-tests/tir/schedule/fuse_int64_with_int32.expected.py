# kernel: kernels/matmul_int64_rows.py; TVM 0.27's print of it scheduled by fuse_int64_with_int32.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_int64_rows(p0: T.Buffer((T.int64(2), 64), "float32"), p1: T.Buffer((64, 64), "float32"), T_matmul_NT: T.Buffer((T.int64(2), 64), "float32")):
    # with T.sblock("root"):
    for i0_i1_fused, i2 in T.grid(T.int64(128), 64):
        with T.sblock("T_matmul_NT"):
            i = T.axis.spatial(T.int64(2), i0_i1_fused // T.int64(64))
            j = T.axis.spatial(64, T.Cast("int32", i0_i1_fused % T.int64(64)))
            k = T.axis.reduce(64, i2)
            T.reads(p0[i, k], p1[j, k])
            T.writes(T_matmul_NT[i, j])
            with T.init():
                T_matmul_NT[i, j] = T.float32(0.0)
            T_matmul_NT[i, j] = T_matmul_NT[i, j] + p0[i, k] * p1[j, k]
