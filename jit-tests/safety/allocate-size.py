# TIR allocations whose byte size does not fit stop the call with an error; they never wrap to
# a small buffer. spec: tir-spec.md, Allocate.
from tvm.script import tirx as T

@T.prim_func
def big(A: T.Buffer((1,), "float32"), n: T.int64):
    buf = T.allocate([n], "float32", "global")
    B = T.decl_buffer((n,), "float32", data=buf)
    B[0] = T.float32(2)
    A[0] = B[0]
# run: @big(zeros(1xfloat32), 4); %0 == [2.0]
# run: @big(zeros(1xfloat32), 4611686018427387904) traps "out of memory"
