# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_for_kind.py (A_shared 1x16 -> 16x16: TVM indexes it by vi and relies on its buffer compaction).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def fk_nested_after_cache_read(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")) -> None:
    for i in T.serial(16):
        with T.sblock("outer"):
            vi = T.axis.spatial(16, i)
            A_shared = T.sblock_alloc_buffer([16, 16], dtype="float32", scope="shared")
            for ax0, ax1 in T.grid(1, 16):
                with T.sblock("A_shared"):
                    v0 = T.axis.spatial(16, vi + ax0)
                    v1 = T.axis.spatial(16, ax1)
                    A_shared[v0, v1] = A[v0, v1]
            for j in T.serial(16):
                with T.sblock("inner"):
                    vj = T.axis.reduce(16, j)
                    with T.init():
                        B[vi] = T.float32(0)
                    B[vi] = B[vi] + A_shared[vi, vj]
