# TVM prints a store to a buffer of one element as `A = value`: it stores (it does not bind a
# new name). spec: tir-spec.md, BufferStore.
from tvm.script import tir as T

@T.prim_func
def f(A: T.Buffer((1,), "float32"), B: T.Buffer((1, 1), "int32")):
    A = A[0] + T.float32(3)
    B = 7
# run: @f([1.5], zeros(1x1xi32)); %0 == [4.5]; %1 == [[7]]
