# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py (floordiv_and_floormod_indices).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def floordiv_and_floormod_indices(a: T.handle, b: T.handle) -> None:
    X = T.match_buffer(a, [16, 16])
    Y = T.match_buffer(b, [256])
    temp = T.sblock_alloc_buffer([16, 16])
    for i, j in T.grid(16, 16):
        with T.sblock("A"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            temp[v_i, v_j] = X[v_j, v_i] + 1.0
    for i in T.serial(0, 256):
        with T.sblock("B"):
            v_i = T.axis.remap("S", [i])
            Y[v_i] = temp[v_i // 16, v_i % 16]
