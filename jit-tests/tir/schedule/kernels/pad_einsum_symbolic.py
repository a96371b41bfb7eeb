# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_pad_einsum.py (a symbolic extent).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad_einsum_symbolic(A: T.Buffer((128, 128), "float32"), B: T.Buffer(("n", 128), "float32"), C: T.Buffer((128, n), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(128, n, 128):
        with T.sblock("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(A[i, k], B[j, k])
            T.writes(C[i, j])
            with T.init():
                C[i, j] = T.float32(0.0)
            C[i, j] = C[i, j] + A[i, k] * B[j, k]
