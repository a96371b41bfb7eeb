# elementwise chain: T = A + bias (broadcast over rows), Out = max(T, 0) * 2; A, Out: float32[64, 128], bias: float32[128]
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def bias_relu(A: T.Buffer((64, 128), "float32"), bias: T.Buffer((128,), "float32"), Out: T.Buffer((64, 128), "float32")):
    T.func_attr({"tirx.noalias": True})
    Tmp = T.sblock_alloc_buffer((64, 128))
    for i, j in T.grid(64, 128):
        with T.sblock("bias"):
            vi, vj = T.axis.remap("SS", [i, j])
            Tmp[vi, vj] = A[vi, vj] + bias[vj]
    for i, j in T.grid(64, 128):
        with T.sblock("relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            Out[vi, vj] = T.max(Tmp[vi, vj], T.float32(0)) * T.float32(2)
