# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_annotate_buffer_access.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def resize_nearest_f16(x: T.Buffer((1, 1, 32, 32), "float16"), resize: T.Buffer((1, 1, 16, 16), "float16")):
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 1, 16, 16):
        with T.sblock("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(x[v_i0, v_i1, 0:32, 0:32])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", T.Cast("float32", x[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(2.0) - T.float32(0.5) + T.float32(1.0000000000000001e-05))), 31), 0), T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v_i3) + T.float32(0.5)) * T.float32(2.0) - T.float32(0.5) + T.float32(1.0000000000000001e-05))), 31), 0)]))
