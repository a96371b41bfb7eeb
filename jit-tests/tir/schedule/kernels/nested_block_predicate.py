# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py (test_cache_*_with_nested_block_predicate).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def nested_pred(A: T.handle, C: T.handle) -> None:
    A_buf = T.match_buffer(A, (12, 24), "float32")
    C_buf = T.match_buffer(C, (10, 20), "float32")
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            with T.sblock("inner"):
                T.where(vi < 10 and vj < 20)
                C_buf[vi, vj] = A_buf[vi, vj] * 2.0
