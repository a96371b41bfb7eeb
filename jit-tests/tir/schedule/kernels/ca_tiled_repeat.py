# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tiled_repeat_op(x: T.Buffer((4,), "float32"), T_repeat: T.Buffer((64,), "float32")) -> None:
    T_add = T.sblock_alloc_buffer([4], dtype="float32")
    for i0 in T.serial(4):
        with T.sblock("T_add"):
            ax0 = T.axis.spatial(4, i0)
            T_add[ax0] = x[ax0] + 1.0
    for i0_0, i0_1 in T.grid(8, 8):
        with T.sblock("T_repeat"):
            ax0 = T.axis.spatial(64, i0_0 * 8 + i0_1)
            T_repeat[ax0] = T_add[ax0 // 16]
