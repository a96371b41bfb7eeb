# kernel: kernels/pad_einsum_rms.py; TVM 0.27's print of it scheduled by blockize_symbolic_rows.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

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
    for bsz in range(1):
        with T.sblock("R_o"):
            v_bsz_o = T.axis.spatial(1, bsz)
            v_i_o = T.axis.spatial(1, 0)
            v_k_o = T.axis.spatial(1, 0)
            T.reads(W[0:4096], A[v_bsz_o, 0:n, 0:4096], S[v_bsz_o, 0:n])
            T.writes(Result[v_bsz_o, 0:n, 0:4096])
            for i, k in T.grid(n, 4096):
                with T.sblock("R"):
                    v_i_i, v_k_i = T.axis.remap("SS", [i, k])
                    T.reads(W[v_k_i], A[v_bsz_o, v_i_i, v_k_i], S[v_bsz_o, v_i_i])
                    T.writes(Result[v_bsz_o, v_i_i, v_k_i])
                    Result[v_bsz_o, v_i_i, v_k_i] = W[v_k_i] * (A[v_bsz_o, v_i_i, v_k_i] / T.sqrt(S[v_bsz_o, v_i_i] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07)))
