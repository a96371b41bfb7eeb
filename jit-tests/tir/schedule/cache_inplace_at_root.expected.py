# kernel: kernels/inplace_2d.py; TVM 0.27's print of it scheduled by cache_inplace_at_root.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inplace_2d(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8,), "float32")):
    # with T.sblock("root"):
    A_local = T.sblock_alloc_buffer((8, 16), scope="local")
    for ax0, ax1 in T.grid(8, 16):
        with T.sblock("A_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_local[v0, v1])
            A_local[v0, v1] = A[v0, v1]
    with T.sblock("scan"):
        T.reads(A_local[0:8, 0:16], B[0:8])
        T.writes(A_local[0:8, 0:16])
        for i, j in T.grid(8, 15):
            A_local[i, j + 1] = A_local[i, j + 1] + A_local[i, j] * B[i]
    for ax0, ax1 in T.grid(8, 16):
        with T.sblock("A_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_local[v0, v1])
            T.writes(A[v0, v1])
            A[v0, v1] = A_local[v0, v1]
    for i in range(8):
        with T.sblock("norm"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi, 0:16])
            T.writes(A[vi, 0:16])
            for j in range(16):
                A[vi, j] = A[vi, j] * T.float32(0.5)
