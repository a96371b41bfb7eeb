# kernel: kernels/fk_nested_block_bind.py; TVM 0.27's print of it scheduled by fk_nested_block_bind.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_nested_block_bind(A: T.Buffer((16, 16, 16, 16), "float32"), B: T.Buffer((16, 16, 16), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        for j in T.thread_binding(16, thread="blockIdx.x"):
            with T.sblock("outer"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj, 0:16, 0:16])
                T.writes(B[vi, vj, 0:16])
                for k in range(16):
                    for l in T.thread_binding(16, thread="threadIdx.x"):
                        with T.sblock("inner"):
                            vk, vl = T.axis.remap("SR", [k, l])
                            T.reads(A[vi, vj, vk, vl])
                            T.writes(B[vi, vj, vk])
                            with T.init():
                                B[vi, vj, vk] = T.float32(0.0)
                            B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
