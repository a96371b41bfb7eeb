# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py (shapes scaled down from 128).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_not_affine(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (16, 16, 16, 128))
    B = T.match_buffer(b, (16, 16, 16, 128))
    for i, j, k, l in T.grid(16, 16, 16, 8):
        with T.sblock("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            vl = T.axis.S(128, l * 16)
            B[vi, vj, vk, vl] = A[vi, vj, vk, vl] * 2.0
