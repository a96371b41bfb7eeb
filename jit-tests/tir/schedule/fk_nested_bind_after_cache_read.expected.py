# kernel: kernels/fk_nested_after_cache_read.py; TVM 0.27's print of it scheduled by fk_nested_bind_after_cache_read.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_nested_after_cache_read(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in T.thread_binding(16, thread="blockIdx.x"):
        with T.sblock("outer"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:16])
            T.writes(B[vi])
            A_shared = T.sblock_alloc_buffer((16, 16), scope="shared")
            for ax0, ax1 in T.grid(1, 16):
                with T.sblock("A_shared"):
                    v0 = T.axis.spatial(16, vi + ax0)
                    v1 = T.axis.spatial(16, ax1)
                    T.reads(A[v0, v1])
                    T.writes(A_shared[v0, v1])
                    A_shared[v0, v1] = A[v0, v1]
            for j in T.thread_binding(16, thread="threadIdx.x"):
                with T.sblock("inner"):
                    vj = T.axis.reduce(16, j)
                    T.reads(A_shared[vi, vj])
                    T.writes(B[vi])
                    with T.init():
                        B[vi] = T.float32(0.0)
                    B[vi] = B[vi] + A_shared[vi, vj]
