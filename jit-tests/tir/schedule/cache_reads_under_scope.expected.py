# kernel: kernels/access_under_scope.py; TVM 0.27's print of it scheduled by cache_reads_under_scope.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def access_under_scope(B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((128, 128))
    A_global = T.sblock_alloc_buffer((128, 128))
    A_global_1 = T.sblock_alloc_buffer((128, 128))
    for i0, j0 in T.grid(8, 8):
        with T.sblock("scope"):
            i, j = T.axis.remap("SS", [i0, j0])
            T.reads(A[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            T.writes(A[i * 16:i * 16 + 16, j * 16:j * 16 + 16], B[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            A_local = T.sblock_alloc_buffer((16, 16), scope="local")
            for x, y in T.grid(16, 16):
                with T.sblock("A"):
                    vi = T.axis.spatial(128, i * 16 + x)
                    vj = T.axis.spatial(128, j * 16 + y)
                    T.reads()
                    T.writes(A[vi, vj])
                    A[vi, vj] = T.float32(1.0)
            for ax0, ax1 in T.grid(16, 16):
                with T.sblock("A_local"):
                    v0, v1 = T.axis.remap("SS", [ax0, ax1])
                    T.reads(A[i * 16 + v0, j * 16 + v1])
                    T.writes(A_local[v0, v1])
                    A_local[v0, v1] = A[i * 16 + v0, j * 16 + v1]
            for x, y in T.grid(16, 16):
                with T.sblock("B"):
                    vi = T.axis.spatial(128, i * 16 + x)
                    vj = T.axis.spatial(128, j * 16 + y)
                    T.reads(A_local[vi - i * 16, vj - j * 16])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A_local[vi - i * 16, vj - j * 16] + T.float32(1.0)
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_global_1[v0, v1])
            A_global_1[v0, v1] = A[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_global_1[v0, v1])
            T.writes(A_global[v0, v1])
            A_global[v0, v1] = A_global_1[v0, v1]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_global[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A_global[vi, vj] * T.float32(2.0)
