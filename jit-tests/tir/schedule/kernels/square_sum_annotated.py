# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_rfactor.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def square_sum_annotated(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [16, 256, 256])
    C = T.match_buffer(c, [16])
    for b0, i0, j0 in T.grid(16, 256, 256):
        with T.sblock("C"):
            T.sblock_attr({"test_annotation": 1})
            b, i, j = T.axis.remap("SRR", [b0, i0, j0])
            with T.init():
                C[b] = 0.0
            C[b] = C[b] + A[b, i, j] * A[b, i, j]
