# kernel: kernels/ro_cascade_pool.py; TVM 0.27's print of it scheduled by ro_cascade_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ro_cascade_pool(x: T.Buffer((1, 16, 112, 112), "float32"), y2: T.Buffer((1, 16, 108, 108), "float32")):
    # with T.sblock("root"):
    y1 = T.sblock_alloc_buffer((1, 16, 110, 110))
    for n, c, h_0 in T.grid(1, 16, 27):
        for ax1, ax0, ax2, ax3 in T.grid(110, 6, 3, 3):
            with T.sblock("pool_0"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(16, c)
                ax2_1 = T.axis.spatial(110, h_0 * 4 + ax0)
                ax3_1, rv0, rv1 = T.axis.remap("SRR", [ax1, ax2, ax3])
                T.reads(x[ax0_1, ax1_1, ax2_1 + rv0, ax3_1 + rv1])
                T.writes(y1[ax0_1, ax1_1, ax2_1, ax3_1])
                with T.init():
                    y1[ax0_1, ax1_1, ax2_1, ax3_1] = T.float32(0.0)
                y1[ax0_1, ax1_1, ax2_1, ax3_1] = y1[ax0_1, ax1_1, ax2_1, ax3_1] + x[ax0_1, ax1_1, ax2_1 + rv0, ax3_1 + rv1]
        for h_1, w, kh, kw in T.grid(4, 108, 3, 3):
            with T.sblock("pool_1"):
                ax0, ax1 = T.axis.remap("SS", [n, c])
                ax2 = T.axis.spatial(108, h_0 * 4 + h_1)
                ax3, rv0, rv1 = T.axis.remap("SRR", [w, kh, kw])
                T.reads(y1[ax0, ax1, ax2 + rv0, ax3 + rv1])
                T.writes(y2[ax0, ax1, ax2, ax3])
                with T.init():
                    y2[ax0, ax1, ax2, ax3] = T.float32(0.0)
                y2[ax0, ax1, ax2, ax3] = y2[ax0, ax1, ax2, ax3] + y1[ax0, ax1, ax2 + rv0, ax3 + rv1]
