# kernel: kernels/two_elementwise_unit_dim.py; TVM 0.27's print of it scheduled by cache_read_before_alloc_statement.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise_unit_dim(A: T.Buffer((1, 128), "float32"), C: T.Buffer((1, 128), "float32")):
    # with T.sblock("root"):
    A_global = T.sblock_alloc_buffer((1, 128))
    C_global = T.sblock_alloc_buffer((1, 128))
    for ax0 in range(1):
        for ax1 in T.parallel(128):
            with T.sblock("A_global"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v0, v1])
                T.writes(A_global[v0, v1])
                A_global[v0, v1] = A[v0, v1]
    B = T.alloc_buffer((1, 128))
    for i in T.vectorized(1):
        for j in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A_global[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A_global[vi, vj] * T.float32(2.0)
    for i, j in T.grid(1, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C_global[vi, vj])
            C_global[vi, vj] = B[vi, vj] + T.float32(1.0)
    for ax0, ax1 in T.grid(1, 128):
        with T.sblock("C_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C_global[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_global[v0, v1]
