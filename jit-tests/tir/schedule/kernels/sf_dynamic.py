# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_split_fuse.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sf_dynamic(a: T.handle, b: T.handle) -> None:
    N = T.int32()
    M = T.int32()
    A = T.match_buffer(a, (N, 128, M))
    B = T.match_buffer(b, (N, 128, M))
    for i, j, k in T.grid(N, 128, M):
        with T.sblock("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * 2.0
