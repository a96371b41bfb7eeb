# kernel: kernels/two_readers.py; TVM 0.27's print of it scheduled by read_at_two_readers.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_readers(A: T.Buffer((64, 66), "float32"), C: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64, 64))
    A_local = T.sblock_alloc_buffer((64, 66), scope="local")
    for i in range(64):
        with T.sblock("A_local"):
            v0 = T.axis.spatial(64, i)
            T.reads(A[v0, 0:66])
            T.writes(A_local[v0, 0:66])
            T.sblock_attr({"auto_copy": True})
            for ax0, ax1 in T.grid(1, 66):
                A_local[v0 + ax0, ax1] = A[v0 + ax0, ax1]
        for ax0 in range(64):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, ax0])
                T.reads(A_local[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A_local[vi, vj] * T.float32(2.0)
        for j in range(64):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, vj], A_local[vi, vj + 2])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + A_local[vi, vj + 2]
