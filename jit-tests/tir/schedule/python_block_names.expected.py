# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by python_block_names.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B_local = T.sblock_alloc_buffer((128, 128), scope="local")
    B_reindex = T.sblock_alloc_buffer((128, 128))
    C_local = T.sblock_alloc_buffer((128, 128), scope="local")
    B_reindex_local = T.sblock_alloc_buffer((128, 128), scope="local")
    for ax0 in range(128):
        for ax0_1 in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [ax0, ax0_1])
                T.reads(A[vi, vj])
                T.writes(B_local[vi, vj])
                B_local[vi, vj] = A[vi, vj] * T.float32(2.0)
        for ax1 in range(128):
            with T.sblock("B_reindex_reindex"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(B_local[v0, v1])
                T.writes(B_reindex[v0, v1])
                B_reindex[v0, v1] = B_local[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_reindex_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_reindex[v0, v1])
            T.writes(B_reindex_local[v0, v1])
            B_reindex_local[v0, v1] = B_reindex[v0, v1]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B_reindex_local[vi, vj])
            T.writes(C_local[vi, vj])
            C_local[vi, vj] = B_reindex_local[vi, vj] + T.float32(1.0)
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("C_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C_local[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_local[v0, v1]
