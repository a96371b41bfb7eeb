# kernel: kernels/matmul_int64_rows.py; TVM 0.27's print of it scheduled by rfactor_compute_at_mixed_index_types.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_int64_rows(p0: T.Buffer((T.int64(2), 64), "float32"), p1: T.Buffer((64, 64), "float32"), T_matmul_NT: T.Buffer((T.int64(2), 64), "float32")):
    # with T.sblock("root"):
    T_matmul_NT_rf = T.sblock_alloc_buffer((64, T.int64(2), 64), elem_offset=T.int64(0))
    for i0, i1 in T.grid(T.int64(2), 64):
        for ax0, ax1, ax2 in T.grid(64, T.int64(1), 1):
            with T.sblock("T_matmul_NT_rf"):
                vi2 = T.axis.spatial(64, ax0)
                i = T.axis.spatial(T.int64(2), i0 + ax1)
                j = T.axis.spatial(64, i1 + ax2)
                T.reads(p0[i, vi2], p1[j, vi2])
                T.writes(T_matmul_NT_rf[vi2, i, j])
                T_matmul_NT_rf[vi2, i, j] = p0[i, vi2] * p1[j, vi2]
        for i2 in T.unroll(64):
            with T.sblock("T_matmul_NT"):
                vi2, i, j = T.axis.remap("RSS", [i2, i0, i1])
                T.reads(T_matmul_NT_rf[vi2, i, j])
                T.writes(T_matmul_NT[i, j])
                with T.init():
                    T_matmul_NT[i, j] = T.float32(0.0)
                T_matmul_NT[i, j] = T_matmul_NT[i, j] + T_matmul_NT_rf[vi2, i, j]
