# TVM 0.27 output (../shared/tir-examples): reads, checks and prints back.
# elementwise add C = A + B; A, B, C: float32[1048576]
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def add(A: T.Buffer((1048576,), "float32"), B: T.Buffer((1048576,), "float32"), C: T.Buffer((1048576,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in range(1048576):
        with T.sblock("C"):
            vi = T.axis.spatial(1048576, i)
            T.reads(A[vi], B[vi])
            T.writes(C[vi])
            C[vi] = A[vi] + B[vi]
# run: @add(ones(1048576xf32), ones(1048576xf32), zeros(1048576xf32))
