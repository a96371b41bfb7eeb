# A kernel for schedule tests: access_under_scope of TVM's test_tir_schedule_cache_read_write.py, its block B also taking a pointer into A.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def access_under_scope(b: T.handle, c: T.handle) -> None:
    A = T.sblock_alloc_buffer((128, 128))
    B = T.match_buffer(b, (128, 128))
    C = T.match_buffer(c, (128, 128))
    for i0, j0 in T.grid(8, 8):
        with T.sblock("scope"):
            i, j = T.axis.remap("SS", [i0, j0])
            for x, y in T.grid(16, 16):
                with T.sblock("A"):
                    vi = T.axis.S(128, i * 16 + x)
                    vj = T.axis.S(128, j * 16 + y)
                    A[vi, vj] = 1.0
            for x, y in T.grid(16, 16):
                with T.sblock("B"):
                    vi = T.axis.S(128, i * 16 + x)
                    vj = T.axis.S(128, j * 16 + y)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    T.evaluate(A.access_ptr("r", offset=vi * 128 + vj, extent=1))
                    B[vi, vj] = A[vi, vj] + 1.0
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * 2.0
