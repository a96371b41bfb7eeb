# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by partition_matmul_nested.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0 in range(8):
        with T.sblock("C_j_common_i_1_common"):
            T.reads()
            T.writes()
            with T.sblock("C_j_common_i_10_partition"):
                T.reads()
                T.writes()
                for i_10 in range(1):
                    with T.sblock("C_j_common_i_10"):
                        T.reads()
                        T.writes()
                        with T.sblock("C_j0_partition_i_10"):
                            T.reads()
                            T.writes()
                            for j0, k in T.grid(2, 128):
                                with T.sblock("C_j0_i_10"):
                                    vi = T.axis.spatial(128, i_0 * 16 + i_10)
                                    vj, vk = T.axis.remap("SR", [j0, k])
                                    T.reads(A[0:128, 0:128], B[0:128, 0:2])
                                    T.writes(C[0:128, 0:2])
                                    with T.init():
                                        C[vi, vj] = T.float32(0.0)
                                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
                        with T.sblock("C_j1_partition_i_10"):
                            T.reads()
                            T.writes()
                            for j1 in range(2, 128):
                                for k in range(128):
                                    with T.sblock("C_j1_i_10"):
                                        vi = T.axis.spatial(128, i_0 * 16 + i_10)
                                        vj, vk = T.axis.remap("SR", [j1, k])
                                        T.reads(A[0:128, 0:128], B[0:128, 2:128])
                                        T.writes(C[0:128, 2:128])
                                        with T.init():
                                            C[vi, vj] = T.float32(0.0)
                                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
            with T.sblock("C_j_common_i_11_partition"):
                T.reads()
                T.writes()
                for i_11 in range(1, 16):
                    with T.sblock("C_j_common_i_11"):
                        T.reads()
                        T.writes()
                        with T.sblock("C_j0_partition_i_11"):
                            T.reads()
                            T.writes()
                            for j0, k in T.grid(2, 128):
                                with T.sblock("C_j0_i_11"):
                                    vi = T.axis.spatial(128, i_0 * 16 + i_11)
                                    vj, vk = T.axis.remap("SR", [j0, k])
                                    T.reads(A[0:128, 0:128], B[0:128, 0:2])
                                    T.writes(C[0:128, 0:2])
                                    with T.init():
                                        C[vi, vj] = T.float32(0.0)
                                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
                        with T.sblock("C_j1_partition_i_11"):
                            T.reads()
                            T.writes()
                            for j1 in range(2, 128):
                                for k in range(128):
                                    with T.sblock("C_j1_i_11"):
                                        vi = T.axis.spatial(128, i_0 * 16 + i_11)
                                        vj, vk = T.axis.remap("SR", [j1, k])
                                        T.reads(A[0:128, 0:128], B[0:128, 2:128])
                                        T.writes(C[0:128, 2:128])
                                        with T.init():
                                            C[vi, vj] = T.float32(0.0)
                                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
