# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_decompose_padding.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sum_pool_2d(x: T.Buffer((1, 16, 225, 225), "int8"), tensor: T.Buffer((1, 16, 225, 225), "int8")):
    pad_temp = T.sblock_alloc_buffer((1, 16, 231, 231), "int8")
    for i0, i1, i2, i3 in T.grid(1, 16, 231, 231):
        with T.sblock("pad_temp"):
            ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad_temp[ax0, ax1, ax2, ax3] = T.if_then_else(3 <= ax2 and ax2 < 228 and 3 <= ax3 and ax3 < 228, x[ax0, ax1, ax2 - 3, ax3 - 3], T.int8(0))
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 16, 225, 225, 7, 7):
        with T.sblock("tensor"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            with T.init():
                tensor[ax0, ax1, ax2, ax3] = T.int8(0)
            tensor[ax0, ax1, ax2, ax3] = tensor[ax0, ax1, ax2, ax3] + pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1]
