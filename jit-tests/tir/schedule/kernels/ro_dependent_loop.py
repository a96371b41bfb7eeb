# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py (shapes scaled down from 128).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_dependent_loop(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (16, 16, 16, 16))
    B = T.match_buffer(b, (16, 16, 16, 16))
    for i in T.serial(0, 16):
        for j, k, l in T.grid(16, i, 16):
            with T.sblock("B"):
                vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
                B[vi, vj, vk, vl] = A[vi, vj, vk, vl] * 2.0
