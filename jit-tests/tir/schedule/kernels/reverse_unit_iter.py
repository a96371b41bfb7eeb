# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_inline.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load_unit_iter(
    A: T.Buffer((128, 128), "float32"),
    B: T.Buffer((8, 16, 1), "float32"),
    D: T.Buffer((1, 8, 16, 128), "float32"),
) -> None:
    C = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * 2.0
    for i, j, k, l in T.grid(1, 8, 16, 128):
        with T.sblock("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            D[vi, vj, vk, vl] = C[vj * 16 + vk, vl] + B[vj, vk, vi]
