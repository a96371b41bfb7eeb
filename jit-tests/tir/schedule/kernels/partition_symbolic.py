# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_partition.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def partition_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    # with T.sblock("root"):
    for i, j, k in T.grid(128, 128, n):
        with T.sblock("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
