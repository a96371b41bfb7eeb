# kernel: kernels/elementwise_int64.py; TVM 0.27's print of it scheduled by cache_write_int32_loops_int64_buffer.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_int64(A: T.Buffer((T.int64(128), T.int64(128)), "float32"), C: T.Buffer((T.int64(128), T.int64(128)), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((T.int64(128), T.int64(128)))
    B_global = T.sblock_alloc_buffer((128, 128), elem_offset=T.int64(0))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B_global[vi, vj])
            B_global[vi, vj] = A[vi, vj] * T.float32(2.0)
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_global[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_global[v0, v1]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
