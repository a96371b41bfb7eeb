# A kernel for schedule cases (generate.py): TVM's reindex test `mixed_dtype` in float32, an
# int64 row extent beside int32 ones (indices of mixed widths).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def matmul_int64_rows(p0: T.Buffer((T.int64(2), 64), "float32"), p1: T.Buffer((64, 64), "float32"), T_matmul_NT: T.Buffer((T.int64(2), 64), "float32")):
    for i0, i1, i2 in T.grid(T.int64(2), 64, 64):
        with T.sblock("T_matmul_NT"):
            i = T.axis.spatial(T.int64(2), i0)
            j, k = T.axis.remap("SR", [i1, i2])
            T.reads(p0[i, k], p1[j, k])
            T.writes(T_matmul_NT[i, j])
            with T.init():
                T_matmul_NT[i, j] = T.float32(0.0)
            T_matmul_NT[i, j] = T_matmul_NT[i, j] + p0[i, k] * p1[j, k]
