# T.round rounds half to even, as TVM 0.27's LLVM build does (llvm.nearbyint): 0.5 -> 0,
# 1.5 -> 2, 2.5 -> 2, -0.5 -> -0. spec: tir-spec.md, builtin math (T.round).
from tvm.script import tir as T

@T.prim_func
def rnd(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.round(A[i])
# run: @rnd([0.5, 1.5, 2.5, -0.5, -1.5, 2.4], zeros(6xf32)); %1 == [0.0, 2.0, 2.0, -0.0, -2.0, 2.0]
