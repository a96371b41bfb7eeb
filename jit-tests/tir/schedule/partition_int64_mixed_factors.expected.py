# kernel: kernels/partition_int64.py; TVM 0.27's print of it scheduled by partition_int64_mixed_factors.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partition_int64(A: T.Buffer((T.int64(384),), "float32"), B: T.Buffer((T.int64(384),), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        with T.sblock("B_i_common"):
            T.reads()
            T.writes()
            with T.sblock("B_i0_partition"):
                T.reads()
                T.writes()
                for i0 in range(T.int64(1)):
                    with T.sblock("B_i0"):
                        v_i = T.axis.spatial(T.int64(1), i0)
                        T.reads(A[T.int64(0)])
                        T.writes(B[T.int64(0)])
                        B[v_i] = A[v_i] + T.float32(1.0)
            with T.sblock("B_i1_partition"):
                T.reads()
                T.writes()
                for i1 in range(T.int64(1), T.int64(52)):
                    with T.sblock("B_i1"):
                        v_i = T.axis.spatial((T.int64(1), T.int64(52)), i1)
                        T.reads(A[T.int64(1):T.int64(52)])
                        T.writes(B[T.int64(1):T.int64(52)])
                        B[v_i] = A[v_i] + T.float32(1.0)
            with T.sblock("B_i2_partition"):
                T.reads()
                T.writes()
                for i2 in range(T.int64(52), T.int64(384)):
                    with T.sblock("B_i2"):
                        v_i = T.axis.spatial((T.int64(52), T.int64(384)), i2)
                        T.reads(A[T.int64(52):T.int64(384)])
                        T.writes(B[T.int64(52):T.int64(384)])
                        B[v_i] = A[v_i] + T.float32(1.0)
