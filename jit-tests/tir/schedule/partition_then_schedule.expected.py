# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by partition_then_schedule.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    with T.sblock("B_i_common"):
        T.reads()
        T.writes()
        with T.sblock("B_i0_partition"):
            T.reads()
            T.writes()
            for i0 in range(98):
                for j in T.vectorized(128):
                    with T.sblock("B_i0"):
                        vi, vj = T.axis.remap("SS", [i0, j])
                        T.reads(A[0:98, 0:128])
                        T.writes(B[0:98, 0:128])
                        B[vi, vj] = A[vi, vj] * T.float32(2.0)
        with T.sblock("B_i1_partition"):
            T.reads()
            T.writes()
            for i1 in T.parallel(98, 128):
                for j in range(128):
                    with T.sblock("B_i1"):
                        vi, vj = T.axis.remap("SS", [i1, j])
                        T.reads(A[98:128, 0:128])
                        T.writes(B[98:128, 0:128])
                        B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
