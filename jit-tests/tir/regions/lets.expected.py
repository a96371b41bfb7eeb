# TVM 0.27's print of lets.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def lets(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    for i, k in T.grid(16, 4):
        with T.sblock("r"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[(vk + 1) * 2 + vi])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            x0: T.let[T.int32] = vk + 1
            x1: T.let[T.int32] = x0 * 2
            B[vi] = B[vi] + A[x1 + vi]
