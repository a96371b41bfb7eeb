# kernel: kernels/pad_batch_int64.py; TVM 0.27's print of it scheduled by decompose_padding_int64.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_batch_int64(x: T.Buffer((T.int64(1), T.int64(128), T.int64(128)), "int32"), y: T.Buffer((T.int64(1), T.int64(140), T.int64(128)), "int32")):
    # with T.sblock("root"):
    for b, i in T.grid(T.int64(1), T.int64(140)):
        for j in range(T.int64(128)):
            with T.sblock("block_pad_const"):
                vb = T.axis.spatial(T.int64(1), T.int64(0))
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads()
                T.writes(y[vb, vi, vj])
                y[vb, vi, vj] = 0
        for j in range(T.int64(128)):
            with T.sblock("block"):
                vb = T.axis.spatial(T.int64(1), T.int64(0))
                vi = T.axis.spatial(T.int64(128), i)
                vj = T.axis.spatial(T.int64(128), j)
                T.where(i < T.int64(128))
                T.reads(x[vb, vi, vj])
                T.writes(y[vb, vi, vj])
                y[vb, vi, vj] = x[vb, vi, vj]
