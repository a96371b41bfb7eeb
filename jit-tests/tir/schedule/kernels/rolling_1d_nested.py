# A kernel for schedule cases (generate.py): TVM's rolling_buffer 1-D kernel inside a block that is
# not the function's root (its own block scope).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rolling_1d(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    for u in range(1):
     with T.sblock("outer"):
        B = T.sblock_alloc_buffer((4, 10), "int32")
        for c in T.serial(4):
            for i in T.serial(0, 10):
                for k in T.serial(3):
                    with T.sblock("B"):
                        cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                        with T.init():
                            B[cc, vi] = 0
                        B[cc, vi] = B[cc, vi] + A[cc, vi + vk]
            for i in T.serial(0, 8):
                for k in T.serial(3):
                    with T.sblock("C"):
                        cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                        with T.init():
                            C[cc, vi] = 0
                        C[cc, vi] = C[cc, vi] + B[cc, vi + vk]
