# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_rfactor.py: an argmin
# (`<=` reducer) whose init writes its buffers in the other order than its update.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def argmin_init_reordered(idx: T.Buffer((16, 32), "int32"), val: T.Buffer((16, 32), "float32"), argmin_v0: T.Buffer((16,), "int32"), argmin_v1: T.Buffer((16,), "float32")) -> None:
    for i0, i1_0, i1_1 in T.grid(16, 4, 8):
        with T.sblock("argmin"):
            i = T.axis.spatial(16, i0)
            k = T.axis.reduce(32, i1_0 * 8 + i1_1)
            T.reads(idx[i, k], val[i, k])
            T.writes(argmin_v0[i], argmin_v1[i])
            with T.init():
                argmin_v1[i] = T.max_value("float32")
                argmin_v0[i] = -1
            v_argmin_v0: T.let[T.int32] = T.Select(argmin_v1[i] <= val[i, k], argmin_v0[i], idx[i, k])
            v_argmin_v1: T.let[T.float32] = T.Select(argmin_v1[i] <= val[i, k], argmin_v1[i], val[i, k])
            argmin_v0[i] = v_argmin_v0
            argmin_v1[i] = v_argmin_v1
