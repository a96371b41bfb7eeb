# kernel: kernels/ro_elementwise.py; TVM 0.27's print of it scheduled by ro_reorder.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ro_elementwise(A: T.Buffer((16, 16, 16, 16), "float32"), B: T.Buffer((16, 16, 16, 16), "float32")):
    # with T.sblock("root"):
    for l, j, k, i in T.grid(16, 16, 16, 16):
        with T.sblock("B"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.reads(A[vi, vj, vk, vl])
            T.writes(B[vi, vj, vk, vl])
            B[vi, vj, vk, vl] = A[vi, vj, vk, vl] * T.float32(2.0)
