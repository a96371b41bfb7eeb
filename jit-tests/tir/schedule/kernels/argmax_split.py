# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_rfactor.py: an argmax
# of two buffers (index, value) with TVM's `>=` reducer.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def argmax_split(idx: T.Buffer((16, 32), "int32"), val: T.Buffer((16, 32), "float32"), argmax_v0: T.Buffer((16,), "int32"), argmax_v1: T.Buffer((16,), "float32")) -> None:
    for i0, i1_0, i1_1 in T.grid(16, 4, 8):
        with T.sblock("argmax"):
            i = T.axis.spatial(16, i0)
            k = T.axis.reduce(32, i1_0 * 8 + i1_1)
            T.reads(idx[i, k], val[i, k])
            T.writes(argmax_v0[i], argmax_v1[i])
            with T.init():
                argmax_v0[i] = -1
                argmax_v1[i] = T.min_value("float32")
            v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v0[i], idx[i, k])
            v_argmax_v1: T.let[T.float32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v1[i], val[i, k])
            argmax_v0[i] = v_argmax_v0
            argmax_v1[i] = v_argmax_v1
