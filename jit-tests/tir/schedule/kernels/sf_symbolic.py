# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_split_fuse.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sf_symbolic(a: T.handle, b: T.handle, n: T.int32) -> None:
    A = T.match_buffer(a, (128, 128, n))
    B = T.match_buffer(b, (128, 128, n))
    for i, j, k in T.grid(128, 128, n):
        with T.sblock("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * 2.0
