# kernel: kernels/sum_pool_2d.py; TVM 0.27's print of it scheduled by decompose_padding_pool_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum_pool_2d(x: T.Buffer((1, 16, 225, 225), "int8"), tensor: T.Buffer((1, 16, 225, 225), "int8")):
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 16, 231, 231), "int8")
    for i0, i2_0, i3_0 in T.grid(1, 3, 3):
        for ax0, ax1, ax2 in T.grid(16, 81, 81):
            with T.sblock("pad_temp_pad_const"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(16, ax0)
                ax2_1 = T.axis.spatial(231, i2_0 * 75 + ax1)
                ax3 = T.axis.spatial(231, i3_0 * 75 + ax2)
                T.reads()
                T.writes(pad_temp[ax0_1, ax1_1, ax2_1, ax3])
                pad_temp[ax0_1, ax1_1, ax2_1, ax3] = T.int8(0)
        for ax0, ax1, ax2 in T.grid(16, 81, 81):
            with T.sblock("pad_temp"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(16, ax0)
                ax2_1 = T.axis.spatial(225, i2_0 * 75 + ax1 - 3)
                ax3 = T.axis.spatial(225, i3_0 * 75 + ax2 - 3)
                T.where(3 <= i2_0 * 75 + ax1 and i2_0 * 75 + ax1 < 228 and 3 <= i3_0 * 75 + ax2 and i3_0 * 75 + ax2 < 228)
                T.reads(x[ax0_1, ax1_1, ax2_1, ax3])
                T.writes(pad_temp[ax0_1, ax1_1, ax2_1 + 3, ax3 + 3])
                pad_temp[ax0_1, ax1_1, ax2_1 + 3, ax3 + 3] = x[ax0_1, ax1_1, ax2_1, ax3]
        for i1, i2_1, i3_1, i4, i5 in T.grid(16, 75, 75, 7, 7):
            with T.sblock("tensor"):
                ax0, ax1 = T.axis.remap("SS", [i0, i1])
                ax2 = T.axis.spatial(225, i2_0 * 75 + i2_1)
                ax3 = T.axis.spatial(225, i3_0 * 75 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                T.reads(pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1])
                T.writes(tensor[ax0, ax1, ax2, ax3])
                with T.init():
                    tensor[ax0, ax1, ax2, ax3] = T.int8(0)
                tensor[ax0, ax1, ax2, ax3] = tensor[ax0, ax1, ax2, ax3] + pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1]
