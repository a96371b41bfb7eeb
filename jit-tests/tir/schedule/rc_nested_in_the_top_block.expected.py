# kernel: kernels/rf_nested2.py; TVM 0.27's print of it scheduled by rc_nested_in_the_top_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_nested2(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    with T.sblock("outer"):
        T.reads(A[0:8, 0:128])
        T.writes(B[0:8])
        B_local = T.sblock_alloc_buffer((8,), scope="local")
        for i, k in T.grid(8, 128):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads(A[vi, vk])
                T.writes(B_local[vi])
                with T.init():
                    B_local[vi] = T.float32(0.0)
                B_local[vi] = B_local[vi] + A[vi, vk]
        for i in range(8):
            with T.sblock("B_local"):
                vi = T.axis.spatial(8, i)
                T.reads(B_local[vi])
                T.writes(B[vi])
                B[vi] = B_local[vi]
