# kernel: kernels/te_matmul_relu_int64.py; TVM 0.27's print of it scheduled by te_int64_blockize.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def te_matmul_relu_int64(A: T.Buffer((n, 128), "float32"), B: T.Buffer((128, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((n, m))
    for i, j in T.grid(n, m):
        with T.sblock("C_o"):
            v_i_o, v_j_o = T.axis.remap("SS", [i, j])
            v_k_o = T.axis.reduce(1, 0)
            T.reads(A[v_i_o, 0:128], B[0:128, v_j_o])
            T.writes(C[v_i_o, v_j_o])
            with T.init():
                with T.sblock("C_init"):
                    T.reads()
                    T.writes(C[v_i_o, v_j_o])
                    C[v_i_o, v_j_o] = T.float32(0.0)
            for k in range(128):
                with T.sblock("C"):
                    v_k_i = T.axis.reduce(128, k)
                    T.reads(C[v_i_o, v_j_o], A[v_i_o, v_k_i], B[v_k_i, v_j_o])
                    T.writes(C[v_i_o, v_j_o])
                    C[v_i_o, v_j_o] = C[v_i_o, v_j_o] + A[v_i_o, v_k_i] * B[v_k_i, v_j_o]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = T.max(C[v_i, v_j], T.float32(0.0))
