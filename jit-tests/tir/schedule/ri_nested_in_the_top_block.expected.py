# kernel: kernels/rf_nested2.py; TVM 0.27's print of it scheduled by ri_nested_in_the_top_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rf_nested2(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8,), "float32")):
    with T.sblock("outer"):
        T.reads(A[0:8, 0:128])
        T.writes(B[0:8])
        B_reindex = T.sblock_alloc_buffer((8,))
        for i, k in T.grid(8, 128):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads(A[vi, vk])
                T.writes(B_reindex[vi])
                with T.init():
                    B_reindex[vi] = T.float32(0.0)
                B_reindex[vi] = B_reindex[vi] + A[vi, vk]
        for ax0 in range(8):
            with T.sblock("B_reindex"):
                v0 = T.axis.spatial(8, ax0)
                T.reads(B_reindex[v0])
                T.writes(B[v0])
                B[v0] = B_reindex[v0]
