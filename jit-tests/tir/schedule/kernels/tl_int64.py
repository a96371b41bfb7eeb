# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_int64(A: T.Buffer((T.int64(58),), "int32")):
    for i in range(T.int64(58)):
        with T.sblock("block"):
            vi = T.axis.spatial(T.int64(58), i)
            T.writes(A[vi])
            A[vi] = 0
