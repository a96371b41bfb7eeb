# A kernel for schedule cases (generate.py): a reduction block nested in another block.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rf_nested2(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    with T.sblock("outer"):
        T.reads(A[0:8, 0:128])
        T.writes(B[0:8])
        for i, k in T.grid(8, 128):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0)
                B[vi] = B[vi] + A[vi, vk]
