# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def multi_consumer() -> None:
    A = T.sblock_alloc_buffer(128)
    B = T.sblock_alloc_buffer(128)
    C = T.sblock_alloc_buffer(128)
    for i in T.grid(8):
        for j in T.grid(16):
            with T.sblock("A"):
                vi = T.axis.S(128, i * 16 + j)
                A[vi] = 1.0
        for j in T.grid(16):
            with T.sblock("B"):
                vi = T.axis.S(128, i * 16 + j)
                B[vi] = A[vi] + 1.0
    for i in T.grid(128):
        with T.sblock("C"):
            vi = T.axis.S(128, i)
            C[vi] = A[vi]
