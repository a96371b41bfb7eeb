# kernel: kernels/ca_tiled_repeat.py; TVM 0.27's print of it scheduled by rca_without_producer_under_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tiled_repeat_op(x: T.Buffer((4,), "float32"), T_repeat: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    T_add = T.sblock_alloc_buffer((4,))
    for i0_0 in range(8):
        for ax0 in range(4):
            with T.sblock("T_add"):
                ax0_1 = T.axis.spatial(4, ax0)
                T.reads(x[ax0_1])
                T.writes(T_add[ax0_1])
                T_add[ax0_1] = x[ax0_1] + T.float32(1.0)
        for i0_1 in range(8):
            with T.sblock("T_repeat"):
                ax0 = T.axis.spatial(64, i0_0 * 8 + i0_1)
                T.reads(T_add[ax0 // 16])
                T.writes(T_repeat[ax0])
                T_repeat[ax0] = T_add[ax0 // 16]
