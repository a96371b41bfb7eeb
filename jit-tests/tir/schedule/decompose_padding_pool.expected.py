# kernel: kernels/sum_pool_2d.py; TVM 0.27's print of it scheduled by decompose_padding_pool.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum_pool_2d(x: T.Buffer((1, 16, 225, 225), "int8"), tensor: T.Buffer((1, 16, 225, 225), "int8")):
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 16, 231, 231), "int8")
    for i0, i1, i2, i3 in T.grid(1, 16, 231, 231):
        with T.sblock("pad_temp_pad_const"):
            ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads()
            T.writes(pad_temp[ax0, ax1, ax2, ax3])
            pad_temp[ax0, ax1, ax2, ax3] = T.int8(0)
    for i0, i1, i2, i3 in T.grid(1, 16, 225, 225):
        with T.sblock("pad_temp"):
            ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(x[ax0, ax1, ax2, ax3])
            T.writes(pad_temp[ax0, ax1, ax2 + 3, ax3 + 3])
            pad_temp[ax0, ax1, ax2 + 3, ax3 + 3] = x[ax0, ax1, ax2, ax3]
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 16, 225, 225, 7, 7):
        with T.sblock("tensor"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            T.reads(pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1])
            T.writes(tensor[ax0, ax1, ax2, ax3])
            with T.init():
                tensor[ax0, ax1, ax2, ax3] = T.int8(0)
            tensor[ax0, ax1, ax2, ax3] = tensor[ax0, ax1, ax2, ax3] + pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1]
