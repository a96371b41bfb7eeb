# kernel: kernels/rowsum_zero_dim.py; TVM 0.27's print of it scheduled by rfactor_zero_dim.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_zero_dim(A: T.Buffer((128,), "float32"), B: T.Buffer((), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((128,), elem_offset=T.int64(0))
    for k0 in range(128):
        with T.sblock("B_rf"):
            vk0 = T.axis.spatial(128, k0)
            T.reads(A[vk0])
            T.writes(B_rf[vk0])
            B_rf[vk0] = A[vk0]
    for k0 in range(128):
        with T.sblock("B"):
            vk0 = T.axis.reduce(128, k0)
            T.reads(B_rf[vk0])
            T.writes(B[()])
            with T.init():
                B[()] = T.float32(0.0)
            B[()] = B[()] + B_rf[vk0]
