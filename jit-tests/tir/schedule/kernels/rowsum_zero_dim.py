# A kernel for schedule cases (generate.py), from TVM's rfactor tests.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rowsum_zero_dim(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, [128])
    B = T.match_buffer(b, [])
    for k0 in range(128):
        with T.sblock("B"):
            k = T.axis.R(128, k0)
            with T.init():
                B[()] = 0.0
            B[()] = B[()] + A[k]
