# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reduction.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rd_colsum_vectorized(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, [128, 32], dtype="float32")
    B = T.match_buffer(b, [32], dtype="float32")
    for k in T.serial(0, 128):
        for i in T.vectorized(0, 32):
            with T.sblock("B"):
                vk, vi = T.axis.remap("RS", [k, i])
                with T.init():
                    B[vi] = T.float32(0)
                B[vi] = B[vi] + A[vk, vi]
