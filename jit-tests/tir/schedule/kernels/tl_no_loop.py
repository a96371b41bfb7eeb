# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py
# (test_padded_transform_without_loop, with a reader after the write).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_no_loop(A: T.Buffer((14,), "int32"), B: T.Buffer((14,), "int32")):
    with T.sblock("block"):
        T.reads()
        T.writes(A[0])
        A[0] = 0
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi] + 1
