# kernel: kernels/partition_opaque_block.py; TVM 0.27's print of it scheduled by partition_opaque_block.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partition_opaque_block(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        with T.sblock("opaque_i_common"):
            T.reads()
            T.writes()
            with T.sblock("opaque_i0_partition"):
                T.reads()
                T.writes()
                for i0, j, k in T.grid(112, 128, 128):
                    with T.sblock("opaque_i0"):
                        T.reads(A[i0, j, k])
                        T.writes(B[i0, j, k])
                        with T.sblock("B_i0"):
                            vi, vj, vk = T.axis.remap("SSS", [i0, j, k])
                            T.reads(A[0:112, 0:128, 0:128])
                            T.writes(B[0:112, 0:128, 0:128])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.sblock("opaque_i1_partition"):
                T.reads()
                T.writes()
                for i1 in range(112, 128):
                    for j, k in T.grid(128, 128):
                        with T.sblock("opaque_i1"):
                            T.reads(A[i1, j, k])
                            T.writes(B[i1, j, k])
                            with T.sblock("B_i1"):
                                vi, vj, vk = T.axis.remap("SSS", [i1, j, k])
                                T.reads(A[112:128, 0:128, 0:128])
                                T.writes(B[112:128, 0:128, 0:128])
                                B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
