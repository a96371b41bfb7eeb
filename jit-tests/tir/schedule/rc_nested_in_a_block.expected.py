# kernel: kernels/rf_nested.py; TVM 0.27's print of it scheduled by rc_nested_in_a_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_nested(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    for i in range(8):
        with T.sblock("outer"):
            vi_o = T.axis.spatial(8, i)
            T.reads(A[vi_o, 0:128])
            T.writes(B[vi_o])
            A_local = T.sblock_alloc_buffer((128,), scope="local")
            for k in range(128):
                with T.sblock("A_local"):
                    vk = T.axis.spatial(128, k)
                    T.reads(A[vi_o, vk])
                    T.writes(A_local[vk])
                    A_local[vk] = A[vi_o, vk]
            for k in range(128):
                with T.sblock("B"):
                    vk = T.axis.reduce(128, k)
                    T.reads(A_local[vk])
                    T.writes(B[vi_o])
                    with T.init():
                        B[vi_o] = T.float32(0.0)
                    B[vi_o] = B[vi_o] + A_local[vk]
