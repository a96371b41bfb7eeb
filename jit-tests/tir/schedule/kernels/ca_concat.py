# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def concat_two_elemwise(x: T.Buffer((16,), "float32"), y: T.Buffer((8,), "float32"), T_concat: T.Buffer((24,), "float32")) -> None:
    T_add_1 = T.sblock_alloc_buffer([16], dtype="float32")
    T_add_2 = T.sblock_alloc_buffer([8], dtype="float32")
    for i in T.serial(16):
        with T.sblock("T_add_1"):
            ax = T.axis.spatial(16, i)
            T_add_1[ax] = x[ax] + T.float32(1)
    for i in T.serial(8):
        with T.sblock("T_add_2"):
            ax = T.axis.spatial(8, i)
            T_add_2[ax] = y[ax] + T.float32(2)
    for i in T.serial(24):
        with T.sblock("T_concat"):
            ax = T.axis.spatial(24, i)
            T_concat[ax] = T.if_then_else(16 <= ax, T_add_2[ax - 16], T_add_1[ax], dtype="float32")
