# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_split_fuse.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sf_zero_dim(A: T.Buffer((), "int32"), B: T.Buffer((), "int32"), C: T.Buffer((), "int32")) -> None:
    with T.sblock("C"):
        vi = T.axis.spatial(1, 0)
        C[()] = A[()] + B[()]
