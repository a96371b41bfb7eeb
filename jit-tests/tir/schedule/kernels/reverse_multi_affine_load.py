# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_inline.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def elementwise_multi_reverse_affine_load(
    A: T.Buffer((128, 128), "float32"),
    C: T.Buffer((8, 16, 128), "float32"),
) -> None:
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j, k in T.grid(8, 16, 128):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi * 16 + vj, vk] + B[vi * 16 + vj, vk]
