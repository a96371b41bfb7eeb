# kernel: kernels/nt_matmul_symbolic_fused.py; TVM 0.27's print of it scheduled by cache_write_symbolic_stride.trace (generate.py)
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

n = TypeVar("n")
@T.prim_func(s_tir=True)
def nt_matmul_symbolic_fused(A: T.Buffer((T.int64(1), T.int64(32), T.int64(1), T.int64(128)), "float16"), B: T.Buffer((T.int64(1), T.int64(32), n, T.int64(128)), "float16"), C: T.Buffer(("n * T.int64(32)",), "float16")):
    T.func_attr({"tir.noalias": True})
    # with T.sblock("root"):
    C_global = T.sblock_alloc_buffer((n * T.int64(32),), "float16")
    for i0, i1 in T.grid(T.int64(1), T.int64(32)):
        for i2 in T.unroll(T.int64(1)):
            for i3 in range(n):
                for k in T.unroll(T.int64(128)):
                    with T.sblock("NT_matmul"):
                        v_i0, v_i1, v_i2, v_i3, v_k = T.axis.remap("SSSSR", [i0, i1, i2, i3, k])
                        T.reads(A[v_i0, v_i1, v_i2, v_k], B[v_i0, v_i1, v_i3, v_k])
                        T.writes(C_global[v_i1 * n + v_i3])
                        with T.init():
                            C_global[v_i1 * n + v_i3] = T.float16(0.0)
                        C_global[v_i1 * n + v_i3] = C_global[v_i1 * n + v_i3] + A[v_i0, v_i1, v_i2, v_k] * B[v_i0, v_i1, v_i3, v_k]
                for ax0 in range(T.int64(1)):
                    with T.sblock("C_global"):
                        v0 = T.axis.spatial(n * T.int64(32), i1 * n + i3 + ax0)
                        T.reads(C_global[v0])
                        T.writes(C[v0])
                        C[v0] = C_global[v0]
