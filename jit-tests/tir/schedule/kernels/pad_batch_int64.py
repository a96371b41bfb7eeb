# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_decompose_padding.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad_batch_int64(x: T.Buffer((T.int64(1), T.int64(128), T.int64(128)), "int32"), y: T.Buffer((T.int64(1), T.int64(140), T.int64(128)), "int32")):
    for b, i, j in T.grid(T.int64(1), T.int64(140), T.int64(128)):
        with T.sblock("block"):
            vb, vi, vj = T.axis.remap("SSS", [b, i, j])
            y[vb, vi, vj] = T.if_then_else(vi < T.int64(128), x[vb, vi, vj], 0)
