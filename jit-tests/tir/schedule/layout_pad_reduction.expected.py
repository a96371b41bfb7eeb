# kernel: kernels/pad_rowsum.py; TVM 0.27's print of it scheduled by layout_pad_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_rowsum(A: T.Buffer((14, 32), "int32"), C: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for axis0, axis1, k in T.grid(4, 4, 32):
        with T.sblock("block"):
            v_axis0, v_axis1, vk = T.axis.remap("SSR", [axis0, axis1, k])
            T.reads(A[v_axis0 * 4 + v_axis1, vk])
            T.writes(B[v_axis0, v_axis1])
            with T.init():
                B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, 0, 0)
            B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, 0, B[v_axis0, v_axis1] + A[v_axis0 * 4 + v_axis1, vk])
    for i in range(14):
        with T.sblock("C"):
            vi = T.axis.spatial(14, i)
            T.reads(B[vi // 4, vi % 4])
            T.writes(C[vi])
            C[vi] = B[vi // 4, vi % 4]
