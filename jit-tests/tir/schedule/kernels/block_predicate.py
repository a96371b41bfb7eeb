# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def block_predicate() -> None:
    A = T.sblock_alloc_buffer(120)
    B = T.sblock_alloc_buffer(120)
    for i, j in T.grid(16, 8):
        with T.sblock("producer"):
            T.where(i * 8 + j < 120)
            ax = T.axis.S(120, i * 8 + j)
            A[ax] = 0.0
    for i, j in T.grid(16, 8):
        with T.sblock("consumer"):
            T.where(i * 8 + j < 120)
            ax = T.axis.S(120, i * 8 + j)
            B[ax] = A[ax] + 1.0
