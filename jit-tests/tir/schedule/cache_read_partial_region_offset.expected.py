# kernel: kernels/partial_write.py; TVM 0.27's print of it scheduled by cache_read_partial_region_offset.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partial_write(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    A_local = T.sblock_alloc_buffer((128,), scope="local")
    for ax0 in range(128):
        with T.sblock("A_local"):
            v0 = T.axis.spatial(128, ax0)
            T.reads(A[v0])
            T.writes(A_local[v0])
            A_local[v0] = A[v0]
    for i in range(16):
        with T.sblock("B"):
            vi = T.axis.spatial(16, i)
            T.reads(A_local[vi + 4])
            T.writes(B[vi + 8])
            B[vi + 8] = A_local[vi + 4] * T.float32(2.0)
