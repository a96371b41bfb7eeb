# A buffer declared over a parameter's data with more elements than the parameter prints as
# T.decl_buffer, not as a .view() the reader refuses (found by the TVMScript fuzzer).
# spec: tir-spec.md, DeclBuffer.
from tvm.script import ir as I
from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(A: T.Buffer((3,), "float32"), B: T.Buffer((3, 24), "float32")):
        A_1 = T.decl_buffer((65536,), data=A.data)
        B_1 = T.Buffer((384,), data=B.data)
        A_1[0] = T.float32(1)
        B_1[0] = A_1[0]
# run: @f(zeros(3xf32), zeros(3x24xf32)); %0 == [1.0, 0.0, 0.0]

# -----
# A declared dimension of -1 is kept as it is (`.view(-1)` would infer one).
from tvm.script import tir as T

@T.prim_func
def g(B: T.Buffer((3, 24), "float32")):
    B_1 = T.Buffer((-1,), data=B.data)
    B_1[0] = T.float32(1)
