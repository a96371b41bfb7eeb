# kernel: kernels/partition_elementwise.py; TVM 0.27's print of it scheduled by partition_inferred_factor.trace (generate.py)
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
                for i0, j, k in T.grid(63, 128, 128):
                    with T.sblock("B_i0"):
                        vi, vj, vk = T.axis.remap("SSS", [i0, j, k])
                        T.reads(A[0:63, 0:128, 0:128])
                        T.writes(B[0:63, 0:128, 0:128])
                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("B_i1_partition"):
                T.reads()
                T.writes()
                for i1 in range(63, 64):
                    for j in range(128):
                        with T.sblock("B_i1_k_common"):
                            T.reads()
                            T.writes()
                            with T.sblock("B_i1_k0_partition"):
                                T.reads()
                                T.writes()
                                for k0 in range(1):
                                    with T.sblock("B_i1_k0"):
                                        vi, vj, vk = T.axis.remap("SSS", [i1, j, k0])
                                        T.reads(A[63, 0:128, 0])
                                        T.writes(B[63, 0:128, 0])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
                            with T.sblock("B_i1_k1_partition"):
                                T.reads()
                                T.writes()
                                for k1 in range(1, 65):
                                    with T.sblock("B_i1_k1"):
                                        vi, vj, vk = T.axis.remap("SSS", [i1, j, k1])
                                        T.reads(A[63, 0:128, 1:65])
                                        T.writes(B[63, 0:128, 1:65])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
                            with T.sblock("B_i1_k2_partition"):
                                T.reads()
                                T.writes()
                                for k2 in range(65, 128):
                                    with T.sblock("B_i1_k2"):
                                        vi, vj, vk = T.axis.remap("SSS", [i1, j, k2])
                                        T.reads(A[63, 0:128, 65:128])
                                        T.writes(B[63, 0:128, 65:128])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("B_i2_partition"):
                T.reads()
                T.writes()
                for i2 in range(64, 128):
                    for j, k in T.grid(128, 128):
                        with T.sblock("B_i2"):
                            vi, vj, vk = T.axis.remap("SSS", [i2, j, k])
                            T.reads(A[64:128, 0:128, 0:128])
                            T.writes(B[64:128, 0:128, 0:128])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
