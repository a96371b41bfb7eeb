# kernel: kernels/partition_opaque_access.py; TVM 0.27's print of it scheduled by partition_opaque_access.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partition_opaque_access(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        with T.sblock("A_j_common"):
            T.reads()
            T.writes()
            with T.sblock("A_j0_partition"):
                T.reads()
                T.writes()
                for j0 in range(12):
                    with T.sblock("A_j0"):
                        vi, vj = T.axis.remap("SS", [i, j0])
                        T.reads()
                        T.writes(A[0:16, 0:12])
                        A[vi, vj] = T.float32(1.0)
            with T.sblock("A_j1_partition"):
                T.reads()
                T.writes()
                for j1 in range(12, 16):
                    with T.sblock("A_j1"):
                        vi, vj = T.axis.remap("SS", [i, j1])
                        T.reads()
                        T.writes(A[0:16, 12:16])
                        A[vi, vj] = T.float32(1.0)
    for i in range(16):
        with T.sblock("B_j_common"):
            T.reads()
            T.writes()
            with T.sblock("B_j0_partition"):
                T.reads()
                T.writes()
                for j0 in range(12):
                    with T.sblock("B_j0"):
                        vi, vj = T.axis.remap("SS", [i, j0])
                        T.reads()
                        T.writes(B[0:16, 0:16])
                        T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
            with T.sblock("B_j1_partition"):
                T.reads()
                T.writes()
                for j1 in range(12, 16):
                    with T.sblock("B_j1"):
                        vi, vj = T.axis.remap("SS", [i, j1])
                        T.reads()
                        T.writes(B[0:16, 0:16])
                        T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
