# kernel: kernels/pad_einsum_rms.py; TVM 0.27's print of it scheduled by pad_einsum_symbolic_rms.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_einsum_rms(A: T.Buffer((1, "n", 4096), "float32"), W: T.Buffer((4096,), "float32"), Result: T.Buffer((1, n, 4096), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    S = T.sblock_alloc_buffer((1, n))
    A_pad = T.sblock_alloc_buffer((1, (n + 31) // 32 * 32, 4096))
    S_pad = T.sblock_alloc_buffer((1, (n + 31) // 32 * 32))
    for i0, i1, i2 in T.grid(1, (n + 31) // 32 * 32, 4096):
        with T.sblock("A_pad"):
            v0, v1, v2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(A[v0, v1, v2])
            T.writes(A_pad[v0, v1, v2])
            A_pad[v0, v1, v2] = T.if_then_else(v1 < n, A[v0, v1, v2], T.float32(0.0))
    for bsz, i, k in T.grid(1, (n + 31) // 32 * 32, 4096):
        with T.sblock("S"):
            v_bsz, v_i, v_k = T.axis.remap("SSR", [bsz, i, k])
            T.reads(A_pad[v_bsz, v_i, v_k])
            T.writes(S_pad[v_bsz, v_i])
            with T.init():
                S_pad[v_bsz, v_i] = T.float32(0.0)
            S_pad[v_bsz, v_i] = S_pad[v_bsz, v_i] + A_pad[v_bsz, v_i, v_k] * A_pad[v_bsz, v_i, v_k]
    for i0, i1 in T.grid(1, n):
        with T.sblock("S_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(S_pad[v0, v1])
            T.writes(S[v0, v1])
            S[v0, v1] = S_pad[v0, v1]
    for bsz, i, k in T.grid(1, n, 4096):
        with T.sblock("R"):
            v_bsz, v_i, v_k = T.axis.remap("SSS", [bsz, i, k])
            T.reads(W[v_k], A[v_bsz, v_i, v_k], S[v_bsz, v_i])
            T.writes(Result[v_bsz, v_i, v_k])
            Result[v_bsz, v_i, v_k] = W[v_k] * (A[v_bsz, v_i, v_k] / T.sqrt(S[v_bsz, v_i] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07)))
