# kernel: kernels/two_elementwise.py; TVM 0.27's print of it scheduled by partition_inner.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i in range(128):
        with T.sblock("B_j_common"):
            T.reads()
            T.writes()
            with T.sblock("B_j0_partition"):
                T.reads()
                T.writes()
                for j0 in range(3):
                    with T.sblock("B_j0"):
                        vi, vj = T.axis.remap("SS", [i, j0])
                        T.reads(A[0:128, 0:3])
                        T.writes(B[0:128, 0:3])
                        B[vi, vj] = A[vi, vj] * T.float32(2.0)
            with T.sblock("B_j1_partition"):
                T.reads()
                T.writes()
                for j1 in range(3, 78):
                    with T.sblock("B_j1"):
                        vi, vj = T.axis.remap("SS", [i, j1])
                        T.reads(A[0:128, 3:78])
                        T.writes(B[0:128, 3:78])
                        B[vi, vj] = A[vi, vj] * T.float32(2.0)
            with T.sblock("B_j2_partition"):
                T.reads()
                T.writes()
                for j2 in range(78, 128):
                    with T.sblock("B_j2"):
                        vi, vj = T.axis.remap("SS", [i, j2])
                        T.reads(A[0:128, 78:128])
                        T.writes(B[0:128, 78:128])
                        B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
