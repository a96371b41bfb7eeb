# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py (shapes scaled down from 128).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_non_single_branch(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (16, 16, 16))
    C = T.sblock_alloc_buffer((16, 16, 16))
    B = T.match_buffer(b, (16, 16, 16))
    for i, j in T.grid(16, 16):
        for k in T.serial(0, 16):
            with T.sblock("C"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                C[vi, vj, vk] = A[vi, vj, vk] * 2.0
        for k in T.serial(0, 16):
            with T.sblock("B"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                B[vi, vj, vk] = C[vi, vj, vk] * 2.0
