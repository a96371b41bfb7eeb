# kernel: kernels/ca_concat.py; TVM 0.27's print of it scheduled by ca_concat.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def concat_two_elemwise(x: T.Buffer((16,), "float32"), y: T.Buffer((8,), "float32"), T_concat: T.Buffer((24,), "float32")):
    # with T.sblock("root"):
    T_add_1 = T.sblock_alloc_buffer((16,))
    T_add_2 = T.sblock_alloc_buffer((8,))
    for i in range(24):
        with T.sblock("T_add_1"):
            ax = T.axis.spatial(16, i)
            T.where(i < 16)
            T.reads(x[ax])
            T.writes(T_add_1[ax])
            T_add_1[ax] = x[ax] + T.float32(1.0)
        with T.sblock("T_add_2"):
            ax = T.axis.spatial(8, i - 16)
            T.where(16 <= i)
            T.reads(y[ax])
            T.writes(T_add_2[ax])
            T_add_2[ax] = y[ax] + T.float32(2.0)
        with T.sblock("T_concat"):
            ax = T.axis.spatial(24, i)
            T.reads(T_add_2[ax - 16], T_add_1[ax])
            T.writes(T_concat[ax])
            T_concat[ax] = T.if_then_else(16 <= ax, T_add_2[ax - 16], T_add_1[ax])
