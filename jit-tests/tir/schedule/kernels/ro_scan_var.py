# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reorder.py (shapes scaled down from 128).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ro_scan_var(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (16, 16, 16))
    B = T.match_buffer(b, (16, 16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            vk = T.axis.scan(16, k)
            T.reads([A[vi, vj, vk]])
            T.writes([B[vi, vj, vk]])
            B[vi, vj, vk] = A[vi, vj, vk] * 2.0
