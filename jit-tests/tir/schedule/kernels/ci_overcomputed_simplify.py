# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_inline.py (overcomputed producer, predicate simplified).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ci_overcomputed_simplify_predicate(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")) -> None:
    B = T.sblock_alloc_buffer((128, 128))
    for i in T.grid(16384):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i // 128)
            vj = T.axis.spatial(128, i % 128)
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(127, 127):
        with T.sblock("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            C[cvi, cvj] = B[cvi, cvj] + 1.0
