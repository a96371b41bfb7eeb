# A kernel for schedule cases (generate.py): a reduction block nested in another block.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rf_nested(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("outer"):
            vi_o = T.axis.spatial(8, i)
            T.reads(A[vi_o, 0:128])
            T.writes(B[vi_o])
            for k in range(128):
                with T.sblock("B"):
                    vk = T.axis.reduce(128, k)
                    T.reads(A[vi_o, vk])
                    T.writes(B[vi_o])
                    with T.init():
                        B[vi_o] = T.float32(0)
                    B[vi_o] = B[vi_o] + A[vi_o, vk]
