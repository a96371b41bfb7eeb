# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_partition.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def partition_opaque_access(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(16, 16):
        with T.sblock("A"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(A[0:16, 0:16])
            A[vi, vj] = T.float32(1.0)
    for i, j in T.grid(16, 16):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(B[0:16, 0:16])
            T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
