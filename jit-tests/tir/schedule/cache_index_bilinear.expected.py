# kernel: kernels/bilinear_resize.py; TVM 0.27's print of it scheduled by cache_index_bilinear.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bilinear_resize(x: T.Buffer((1, 3, 40, 40), "float16"), resize: T.Buffer((1, 3, 80, 80), "float16")):
    # with T.sblock("root"):
    index_var_0 = T.sblock_alloc_buffer((80,), strides=(1,))
    index_var_1 = T.sblock_alloc_buffer((80,), strides=(1,))
    index_var_2 = T.sblock_alloc_buffer((80,), strides=(1,))
    index_var_3 = T.sblock_alloc_buffer((80,), strides=(1,))
    index_var_4 = T.sblock_alloc_buffer((80,), "int32", strides=(1,))
    index_var_5 = T.sblock_alloc_buffer((80,), "int32", strides=(1,))
    index_var_6 = T.sblock_alloc_buffer((80,), "int32", strides=(1,))
    index_var_7 = T.sblock_alloc_buffer((80,), "int32", strides=(1,))
    for ax0 in range(80):
        with T.sblock("index_0"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_0[v0])
            index_var_0[v0] = T.float32(1.0) - ((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5)))))
    for ax0 in range(80):
        with T.sblock("index_1"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_1[v0])
            index_var_1[v0] = T.float32(1.0) - ((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5)))))
    for ax0 in range(80):
        with T.sblock("index_2"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_2[v0])
            index_var_2[v0] = (T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))))
    for ax0 in range(80):
        with T.sblock("index_3"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_3[v0])
            index_var_3[v0] = (T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))))
    for ax0 in range(80):
        with T.sblock("index_4"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_4[v0])
            index_var_4[v0] = T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))) + 1, 39), 0)
    for ax0 in range(80):
        with T.sblock("index_5"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_5[v0])
            index_var_5[v0] = T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))) + 1, 39), 0)
    for ax0 in range(80):
        with T.sblock("index_6"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_6[v0])
            index_var_6[v0] = T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))), 39), 0)
    for ax0 in range(80):
        with T.sblock("index_7"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_7[v0])
            index_var_7[v0] = T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))), 39), 0)
    for i0, i1, i2, i3 in T.grid(1, 3, 80, 80):
        with T.sblock("resize"):
            i0_1, i1_1, i2_1, i3_1 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(x[i0_1, i1_1, 0:40, 0:40])
            T.writes(resize[i0_1, i1_1, i2_1, i3_1])
            resize[i0_1, i1_1, i2_1, i3_1] = T.Cast("float16", (T.Cast("float32", x[i0_1, i1_1, index_var_6[i2_1], index_var_7[i3_1]]) * index_var_0[i3_1] + T.Cast("float32", x[i0_1, i1_1, index_var_6[i2_1], index_var_4[i3_1]]) * index_var_2[i3_1]) * index_var_1[i2_1] + (T.Cast("float32", x[i0_1, i1_1, index_var_5[i2_1], index_var_7[i3_1]]) * index_var_0[i3_1] + T.Cast("float32", x[i0_1, i1_1, index_var_5[i2_1], index_var_4[i3_1]]) * index_var_2[i3_1]) * index_var_3[i2_1])
