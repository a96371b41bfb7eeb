# kernel: kernels/rowsum.py; TVM 0.27's print of it scheduled by rfactor_whole_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((128, 128))
    for i, k in T.grid(128, 128):
        with T.sblock("B_rf"):
            vk, vi = T.axis.remap("SS", [k, i])
            T.reads(A[vi, vk])
            T.writes(B_rf[vk, vi])
            B_rf[vk, vi] = A[vi, vk]
    for i, k in T.grid(128, 128):
        with T.sblock("B"):
            vk, vi = T.axis.remap("RS", [k, i])
            T.reads(B_rf[vk, vi])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + B_rf[vk, vi]
