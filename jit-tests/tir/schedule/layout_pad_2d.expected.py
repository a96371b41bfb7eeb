# kernel: kernels/two_readers.py; TVM 0.27's print of it scheduled by layout_pad_2d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_readers(A: T.Buffer((64, 66), "float32"), C: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((8, 13, 8, 5))
    for axis0, axis1, axis2, axis3 in T.grid(8, 13, 8, 5):
        with T.sblock("B"):
            v_axis0, v_axis1, v_axis2, v_axis3 = T.axis.remap("SSSS", [axis0, axis1, axis2, axis3])
            T.reads(A[v_axis0 * 8 + v_axis2, v_axis1 * 5 + v_axis3])
            T.writes(B[v_axis0, v_axis1, v_axis2, v_axis3])
            B[v_axis0, v_axis1, v_axis2, v_axis3] = T.if_then_else(v_axis1 == 12 and v_axis3 == 4, T.float32(1.0), A[v_axis0 * 8 + v_axis2, v_axis1 * 5 + v_axis3] * T.float32(2.0))
    for i, j in T.grid(64, 64):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi // 8, vj // 5, vi % 8, vj % 5], A[vi, vj + 2])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi // 8, vj // 5, vi % 8, vj % 5] + A[vi, vj + 2]
