# A kernel for schedule cases (generate.py), TVM's test_tir_schedule_cache_read_write.py `reduce`, smaller.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def reduce4(A: T.Buffer((16, 8, 8, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    B = T.sblock_alloc_buffer((16, 8, 8), dtype="float32")
    for i, j, k in T.grid(16, 8, 8):
        for l in range(8):
            with T.sblock("B"):
                vi, vj, vk, vl = T.axis.remap("SSSR", [i, j, k, l])
                with T.init():
                    B[vi, vj, vk] = T.float32(0)
                B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + B[vi, vj, vk]
