# kernel: kernels/ca_multi_reduction.py; TVM 0.27's print of it scheduled by ca_multi_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multi_reduction(A: T.Buffer((16, 16), "float32"), C: T.Buffer((), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16,))
    for k in range(16):
        for ax0 in range(16):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [k, ax0])
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + A[vi, vk]
        with T.sblock("C"):
            vk = T.axis.reduce(16, k)
            T.reads(B[vk])
            T.writes(C[()])
            with T.init():
                C[()] = T.float32(0.0)
            C[()] = C[()] + B[vk]
