# kernel: kernels/shift_read.py; TVM 0.27's print of it scheduled by ca_shifted_point.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def shift_read(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        for ax0, ax1 in T.grid(2, 2):
            with T.sblock("B"):
                vi = T.axis.spatial(64, i - 1 + ax0)
                vj = T.axis.spatial(64, j + ax1)
                T.where(1 <= i + ax0 and j + ax1 < 64)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] + T.float32(1.0)
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi - 1:vi - 1 + 2, vj:vj + 2])
            T.writes(C[vi, vj])
            C[vi, vj] = T.if_then_else(1 <= vi, B[vi - 1, vj], T.float32(0.0)) + T.if_then_else(vj < 63, B[vi, vj + 1], T.float32(0.0))
