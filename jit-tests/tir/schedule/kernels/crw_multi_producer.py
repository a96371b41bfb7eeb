# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py (func_multi_producer).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def func_multi_producer() -> None:
    A = T.sblock_alloc_buffer(128)
    B = T.sblock_alloc_buffer(128)
    for i in range(128):
        with T.sblock("A0"):
            vi = T.axis.S(128, i)
            A[vi] = 1.0
    for i in range(128):
        with T.sblock("A1"):
            vi = T.axis.S(128, i)
            A[vi] = 2.0
    for i in range(128):
        with T.sblock("B"):
            vi = T.axis.S(128, i)
            B[vi] = A[vi]
