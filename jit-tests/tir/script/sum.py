# TVM 0.27 output (../shared/tir-examples): reads, checks and prints back.
# sum reduction S[0] = sum(A) (sequential f32 accumulation in index order); A: float32[1048576], S: float32[1]
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def vsum(A: T.Buffer((1048576,), "float32"), S: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for k in range(1048576):
        with T.sblock("S"):
            vk = T.axis.reduce(1048576, k)
            T.reads(A[vk])
            T.writes(S[0])
            with T.init():
                S[0] = T.float32(0.0)
            S[0] = S[0] + A[vk]
