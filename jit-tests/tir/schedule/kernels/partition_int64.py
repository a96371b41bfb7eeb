# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_partition.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def partition_int64(A: T.Buffer((T.int64(384),), "float32"), B: T.Buffer((T.int64(384),), "float32")):
    # with T.sblock("root"):
    for i in range(T.int64(384)):
        with T.sblock("B"):
            v_i = T.axis.spatial(T.int64(384), i)
            T.reads(A[v_i])
            T.writes(B[v_i])
            B[v_i] = A[v_i] + T.float32(1.0)
