# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_cascade_pool(x: T.Buffer((1, 16, 112, 112), "float32"), y2: T.Buffer((1, 16, 108, 108), "float32")) -> None:
    y1 = T.sblock_alloc_buffer([1, 16, 110, 110], dtype="float32")
    for n, c, h, w, kh, kw in T.grid(1, 16, 110, 110, 3, 3):
        with T.sblock("pool_0"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [n, c, h, w, kh, kw])
            with T.init():
                y1[ax0, ax1, ax2, ax3] = 0.0
            y1[ax0, ax1, ax2, ax3] = y1[ax0, ax1, ax2, ax3] + x[ax0, ax1, ax2 + rv0, ax3 + rv1]
    for n, c, h, w, kh, kw in T.grid(1, 16, 108, 108, 3, 3):
        with T.sblock("pool_1"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [n, c, h, w, kh, kw])
            with T.init():
                y2[ax0, ax1, ax2, ax3] = 0.0
            y2[ax0, ax1, ax2, ax3] = y2[ax0, ax1, ax2, ax3] + y1[ax0, ax1, ax2 + rv0, ax3 + rv1]
