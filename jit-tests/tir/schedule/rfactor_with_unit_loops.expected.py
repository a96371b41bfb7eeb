# kernel: kernels/pool_acc.py; TVM 0.27's print of it scheduled by rfactor_with_unit_loops.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pool_acc(A: T.Buffer((1, 512, 7, 7), "float32"), B: T.Buffer((1, 512, 1, 1), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((1, 512, 1, 1, 49))
    for _i0, i1, _i2, _i3, i4, _i5 in T.grid(1, 512, 1, 1, 49, 1):
        with T.sblock("acc_rf"):
            vi4 = T.axis.spatial(49, i4)
            ax0 = T.axis.spatial(1, 0)
            ax1 = T.axis.spatial(512, i1)
            ax2 = T.axis.spatial(1, 0)
            ax3 = T.axis.spatial(1, 0)
            T.reads(A[ax0, ax1, ax2 * 7 + vi4 // 7, ax3 * 7 + vi4 % 7])
            T.writes(B_rf[ax0, ax1, ax2, ax3, vi4])
            B_rf[ax0, ax1, ax2, ax3, vi4] = A[ax0, ax1, ax2 * 7 + vi4 // 7, ax3 * 7 + vi4 % 7]
    for _i0, i1, _i2, _i3, i4, _i5 in T.grid(1, 512, 1, 1, 49, 1):
        with T.sblock("acc"):
            vi4 = T.axis.reduce(49, i4)
            ax0 = T.axis.spatial(1, 0)
            ax1 = T.axis.spatial(512, i1)
            ax2 = T.axis.spatial(1, 0)
            ax3 = T.axis.spatial(1, 0)
            T.reads(B_rf[ax0, ax1, ax2, ax3, vi4])
            T.writes(B[ax0, ax1, ax2, ax3])
            with T.init():
                B[ax0, ax1, ax2, ax3] = T.float32(0.0)
            B[ax0, ax1, ax2, ax3] = B[ax0, ax1, ax2, ax3] + B_rf[ax0, ax1, ax2, ax3, vi4]
