# kernel: kernels/matmul_int64_rows.py; TVM 0.27's print of it scheduled by reindex_mixed_widths.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_int64_rows(p0: T.Buffer((T.int64(2), 64), "float32"), p1: T.Buffer((64, 64), "float32"), T_matmul_NT: T.Buffer((T.int64(2), 64), "float32")):
    # with T.sblock("root"):
    T_matmul_NT_reindex = T.sblock_alloc_buffer((T.int64(2), 64))
    for i0, i1, i2 in T.grid(T.int64(2), 64, 64):
        with T.sblock("T_matmul_NT"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(p0[i, k], p1[j, k])
            T.writes(T_matmul_NT_reindex[i, j])
            with T.init():
                T_matmul_NT_reindex[i, j] = T.float32(0.0)
            T_matmul_NT_reindex[i, j] = T_matmul_NT_reindex[i, j] + p0[i, k] * p1[j, k]
    for ax0, ax1 in T.grid(T.int64(2), 64):
        with T.sblock("T_matmul_NT_reindex"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_matmul_NT_reindex[v0, v1])
            T.writes(T_matmul_NT[v0, v1])
            T_matmul_NT[v0, v1] = T_matmul_NT_reindex[v0, v1]
