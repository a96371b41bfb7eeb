# A kernel for schedule cases (generate.py): two sums in one reduction block (TVM's two-buffer
# `x + y` reducer), one of them of squares.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def sum_pair(A: T.Buffer((8, 32), "float32"), S: T.Buffer((8,), "float32"), Q: T.Buffer((8,), "float32")) -> None:
    for i, k in T.grid(8, 32):
        with T.sblock("sums"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(S[vi], Q[vi])
            with T.init():
                S[vi] = T.float32(0.0)
                Q[vi] = T.float32(0.0)
            v_S: T.let[T.float32] = S[vi] + A[vi, vk]
            v_Q: T.let[T.float32] = Q[vi] + A[vi, vk] * A[vi, vk]
            S[vi] = v_S
            Q[vi] = v_Q
