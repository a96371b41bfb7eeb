# kernel: kernels/fk_compute_at_split.py; TVM 0.27's print of it scheduled by fk_bind_two.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_compute_at_split(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i in range(128):
        for j0 in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j0])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for j1o in T.thread_binding(32, thread="threadIdx.x"):
            for j1i in range(4):
                with T.sblock("C"):
                    vi = T.axis.spatial(128, i)
                    vj = T.axis.spatial(128, j1o * 4 + j1i)
                    T.reads(B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = B[vi, vj] + T.float32(1.0)
