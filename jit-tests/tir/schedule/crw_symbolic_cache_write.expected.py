# kernel: kernels/symbolic_matmul_blocked.py; TVM 0.27's print of it scheduled by crw_symbolic_cache_write.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def symbolic_matmul_blocked(A: T.Buffer(("(n + 31) // 32 * 32", 4), "float32"), B: T.Buffer((4, (n + 31) // 32 * 32), "float32"), C: T.Buffer(((n + 31) // 32 * 32, (n + 31) // 32 * 32), "float32"), n: T.int32):
    # with T.sblock("root"):
    for i0_0, i1_0 in T.grid((n + 31) // 32, (n + 31) // 32):
        with T.sblock("matmul_o"):
            v_i0_o, v_i1_o = T.axis.remap("SS", [i0_0, i1_0])
            T.reads(A[v_i0_o * 32:v_i0_o * 32 + 32, 0:4], B[0:4, v_i1_o * 32:v_i1_o * 32 + 32])
            T.writes(C[v_i0_o * 32:v_i0_o * 32 + 32, v_i1_o * 32:v_i1_o * 32 + 32])
            C_local = T.sblock_alloc_buffer((32, 32), scope="local")
            for i0_1, i1_1, k in T.grid(32, 32, 4):
                with T.sblock("matmul"):
                    v_i0_i, v_i1_i, v_k_i = T.axis.remap("SSR", [i0_1, i1_1, k])
                    T.reads(A[v_i0_o * 32 + v_i0_i, v_k_i], B[v_k_i, v_i1_o * 32 + v_i1_i])
                    T.writes(C_local[v_i0_i, v_i1_i])
                    with T.init():
                        C_local[v_i0_i, v_i1_i] = T.float32(0.0)
                    C_local[v_i0_i, v_i1_i] = C_local[v_i0_i, v_i1_i] + A[v_i0_o * 32 + v_i0_i, v_k_i] * B[v_k_i, v_i1_o * 32 + v_i1_i]
            for ax0, ax1 in T.grid(32, 32):
                with T.sblock("C_local"):
                    v0, v1 = T.axis.remap("SS", [ax0, ax1])
                    T.reads(C_local[v0, v1])
                    T.writes(C[v_i0_o * 32 + v0, v_i1_o * 32 + v1])
                    C[v_i0_o * 32 + v0, v_i1_o * 32 + v1] = C_local[v0, v1]
