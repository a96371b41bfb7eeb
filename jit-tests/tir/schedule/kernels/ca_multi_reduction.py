# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def multi_reduction(A: T.Buffer((16, 16), "float32"), C: T.Buffer((), "float32")):
    B = T.sblock_alloc_buffer((16, ), dtype="float32")
    for i, k in T.grid(16, 16):
        with T.sblock("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = 0.0
            B[vi] += A[vi, vk]
    for k in T.grid(16):
        with T.sblock("C"):
            vk = T.axis.remap("R", [k])
            with T.init():
                C[()] = 0.0
            C[()] += B[vk]
