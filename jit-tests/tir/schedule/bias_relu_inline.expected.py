# kernel: ../script/bias_relu.py; TVM 0.27's print of it scheduled by bias_relu_inline.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bias_relu(A: T.Buffer((64, 128), "float32"), bias: T.Buffer((128,), "float32"), Out: T.Buffer((64, 128), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in T.parallel(64):
        for j in T.vectorized(128):
            with T.sblock("bias"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj], bias[vj])
                T.writes(Out[vi, vj])
                Out[vi, vj] = T.max(A[vi, vj] + bias[vj], T.float32(0.0)) * T.float32(2.0)
