# A kernel for schedule cases (generate.py): a body with float and integer comparisons, a product by 1.0 and a T.max, which blockize simplifies.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bz_body_simplified(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32"), C: T.Buffer((64,), "int32")):
    for i in range(64):
        with T.sblock("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = T.Select(A[vi] > T.float32(0.0), A[vi], T.float32(0.0)) + T.if_then_else(vi >= 3, A[vi] * T.float32(1.0), T.float32(0.0)) + T.if_then_else(A[vi] >= T.float32(1.0), T.float32(1.0), T.float32(0.0))
            C[vi] = T.max(vi * 2 + 1 - 1, 0) + T.if_then_else(vi > 7, 1, 0) + T.if_then_else(vi != 7, 1, 0)
