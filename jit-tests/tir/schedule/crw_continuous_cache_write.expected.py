# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by crw_continuous_cache_write.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    B_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    B_shared_local = T.sblock_alloc_buffer((128, 128), scope="local")
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B_shared_local[vi, vj])
            B_shared_local[vi, vj] = A[vi, vj] * T.float32(2.0)
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_shared_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_shared_local[v0, v1])
            T.writes(B_shared[v0, v1])
            B_shared[v0, v1] = B_shared_local[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_shared"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_shared[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_shared[v0, v1]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
