# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py (test_cache_*_sibling_nested_block_predicates_use_union).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sibling_pred(A: T.handle, C: T.handle) -> None:
    A_buf = T.match_buffer(A, (12, 24), "float32")
    C_buf = T.match_buffer(C, (12, 24), "float32")
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            with T.sblock("left"):
                T.where(vi < 8)
                C_buf[vi, vj] = A_buf[vi, vj] * 2.0
            with T.sblock("top"):
                T.where(vj < 16)
                C_buf[vi, vj] = A_buf[vi, vj] * 3.0
