# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_pad_einsum.py (a symbolic extent).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def pad_einsum_rms(A: T.Buffer((1, "n", 4096), "float32"), W: T.Buffer((4096,), "float32"), Result: T.Buffer((1, n, 4096), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    S = T.sblock_alloc_buffer((1, n))
    for bsz, i, k in T.grid(1, n, 4096):
        with T.sblock("S"):
            v_bsz, v_i, v_k = T.axis.remap("SSR", [bsz, i, k])
            T.reads(A[v_bsz, v_i, v_k])
            T.writes(S[v_bsz, v_i])
            with T.init():
                S[v_bsz, v_i] = T.float32(0.0)
            S[v_bsz, v_i] = S[v_bsz, v_i] + A[v_bsz, v_i, v_k] * A[v_bsz, v_i, v_k]
    for bsz, i, k in T.grid(1, n, 4096):
        with T.sblock("R"):
            v_bsz, v_i, v_k = T.axis.remap("SSS", [bsz, i, k])
            T.reads(W[v_k], A[v_bsz, v_i, v_k], S[v_bsz, v_i])
            T.writes(Result[v_bsz, v_i, v_k])
            Result[v_bsz, v_i, v_k] = W[v_k] * (A[v_bsz, v_i, v_k] / T.sqrt(S[v_bsz, v_i] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07)))
