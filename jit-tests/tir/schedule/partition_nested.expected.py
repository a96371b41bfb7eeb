# kernel: kernels/partition_elementwise.py; TVM 0.27's print of it scheduled by partition_nested.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partition_elementwise(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        with T.sblock("B_i_common"):
            T.reads()
            T.writes()
            with T.sblock("B_i0_partition"):
                T.reads()
                T.writes()
                for i0 in range(2):
                    with T.sblock("B_i0_j_common"):
                        T.reads()
                        T.writes()
                        with T.sblock("B_i0_j0_partition"):
                            T.reads()
                            T.writes()
                            for j0, k in T.grid(4, 128):
                                with T.sblock("B_i0_j0"):
                                    vi, vj, vk = T.axis.remap("SSS", [i0, j0, k])
                                    T.reads(A[0:2, 0:4, 0:128])
                                    T.writes(B[0:2, 0:4, 0:128])
                                    B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
                        with T.sblock("B_i0_j1_partition"):
                            T.reads()
                            T.writes()
                            for j1 in range(4, 36):
                                for k in range(128):
                                    with T.sblock("B_i0_j1"):
                                        vi, vj, vk = T.axis.remap("SSS", [i0, j1, k])
                                        T.reads(A[0:2, 4:36, 0:128])
                                        T.writes(B[0:2, 4:36, 0:128])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
                        with T.sblock("B_i0_j2_partition"):
                            T.reads()
                            T.writes()
                            for j2 in range(36, 128):
                                for k in range(128):
                                    with T.sblock("B_i0_j2"):
                                        vi, vj, vk = T.axis.remap("SSS", [i0, j2, k])
                                        T.reads(A[0:2, 36:128, 0:128])
                                        T.writes(B[0:2, 36:128, 0:128])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("B_i1_partition"):
                T.reads()
                T.writes()
                for i1 in range(2, 3):
                    for j, k in T.grid(128, 128):
                        with T.sblock("B_i1"):
                            vi, vj, vk = T.axis.remap("SSS", [i1, j, k])
                            T.reads(A[2, 0:128, 0:128])
                            T.writes(B[2, 0:128, 0:128])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("B_i2_partition"):
                T.reads()
                T.writes()
                for i2 in range(3, 67):
                    for j, k in T.grid(128, 128):
                        with T.sblock("B_i2"):
                            vi, vj, vk = T.axis.remap("SSS", [i2, j, k])
                            T.reads(A[3:67, 0:128, 0:128])
                            T.writes(B[3:67, 0:128, 0:128])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("B_i3_partition"):
                T.reads()
                T.writes()
                for i3 in range(67, 128):
                    for j, k in T.grid(128, 128):
                        with T.sblock("B_i3"):
                            vi, vj, vk = T.axis.remap("SSS", [i3, j, k])
                            T.reads(A[67:128, 0:128, 0:128])
                            T.writes(B[67:128, 0:128, 0:128])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
