# kernel: kernels/pad_einsum_rms.py; TVM 0.27's print of it scheduled by blockize_symbolic_reduction.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pad_einsum_rms(A: T.Buffer((1, "n", 4096), "float32"), W: T.Buffer((4096,), "float32"), Result: T.Buffer((1, n, 4096), "float32")):
    n = T.int32()
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    S = T.sblock_alloc_buffer((1, n))
    for bsz in range(1):
        with T.sblock("S_o"):
            v_bsz_o = T.axis.spatial(1, bsz)
            v_i_o = T.axis.spatial(1, 0)
            v_k_o = T.axis.reduce(1, 0)
            T.reads(A[v_bsz_o, 0:n, 0:4096])
            T.writes(S[v_bsz_o, 0:n])
            with T.init():
                for i in range(n):
                    with T.sblock("S_init"):
                        v_i_i_init = T.axis.spatial(n, i)
                        T.reads()
                        T.writes(S[v_bsz_o, v_i_i_init])
                        S[v_bsz_o, v_i_i_init] = T.float32(0.0)
            for i, k in T.grid(n, 4096):
                with T.sblock("S"):
                    v_i_i, v_k_i = T.axis.remap("SR", [i, k])
                    T.reads(S[v_bsz_o, v_i_i], A[v_bsz_o, v_i_i, v_k_i])
                    T.writes(S[v_bsz_o, v_i_i])
                    S[v_bsz_o, v_i_i] = S[v_bsz_o, v_i_i] + A[v_bsz_o, v_i_i, v_k_i] * A[v_bsz_o, v_i_i, v_k_i]
    for bsz, i, k in T.grid(1, n, 4096):
        with T.sblock("R"):
            v_bsz, v_i, v_k = T.axis.remap("SSS", [bsz, i, k])
            T.reads(W[v_k], A[v_bsz, v_i, v_k], S[v_bsz, v_i])
            T.writes(Result[v_bsz, v_i, v_k])
            Result[v_bsz, v_i, v_k] = W[v_k] * (A[v_bsz, v_i, v_k] / T.sqrt(S[v_bsz, v_i] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07)))
