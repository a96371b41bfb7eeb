# TVMScript as older TVM releases and the TVM tutorials write it: `import tvm`,
# `@tvm.script.ir_module`, `from tvm.script import tir as T`, `T.block`, function-level
# `T.alloc_buffer`, parameters over several lines, `T.Buffer[..]` subscripts (TVM 0.10-0.13),
# `T.serial(min, extent)`, list-form `T.reads([..])`, `-> None`, `T.axis.S`.
import tvm
from tvm.script import tir as T

@tvm.script.ir_module
class MyModule:
    @T.prim_func
    def mm_relu(A: T.Buffer((2, 2), "float32"),
                B: T.Buffer((2, 2), "float32"),
                C: T.Buffer((2, 2), "float32")):
        T.func_attr({"global_symbol": "mm_relu", "tir.noalias": True})
        Y = T.alloc_buffer((2, 2), dtype="float32")
        for i, j, k in T.grid(2, 2, 2):
            with T.block("Y"):
                vi = T.axis.spatial(2, i)
                vj = T.axis.spatial(2, j)
                vk = T.axis.reduce(2, k)
                with T.init():
                    Y[vi, vj] = T.float32(0)
                Y[vi, vj] = Y[vi, vj] + A[vi, vk] * B[vk, vj]
        for i, j in T.grid(2, 2):
            with T.block("C"):
                vi = T.axis.spatial(2, i)
                vj = T.axis.spatial(2, j)
                C[vi, vj] = T.max(Y[vi, vj], T.float32(0))
# run: @mm_relu([[1.0, -2.0], [3.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]], zeros(2x2xf32)); %2 == [[1.0, 0.0], [3.0, 4.0]]

# -----

# from tvm.script import tir as T
@T.prim_func
def main(a: T.handle, b: T.handle) -> None:
    # function attr dict
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    A = T.match_buffer(a, [3, 4], dtype="float32")
    B = T.match_buffer(b, [3], dtype="float32")
    # body
    # with T.block("root")
    for i0 in T.serial(0, 3):
        for i1 in T.serial(0, 4):
            with T.block("B"):
                vi, vk = T.axis.remap("SR", [i0, i1])
                T.reads([B[vi], A[vi, vk]])
                T.writes([B[vi]])
                with T.init():
                    B[vi] = T.float32(0)
                B[vi] = B[vi] + A[vi, vk]
# run: @main([[1.0, 2.0, 3.0, 4.0], [0.5, 0.5, 0.5, 0.5], [-1.0, 1.0, -1.0, 1.0]], [9.0, 9.0, 9.0]); %1 == [10.0, 2.0, 0.0]

# -----

@T.prim_func
def add_one(A: T.Buffer[(8,), "float32"], B: T.Buffer[(8,), "float32"]):
    for i in T.thread_binding(0, 8, thread="threadIdx.x"):
        with T.block("b"):
            vi = T.axis.S(8, i)
            B[vi] = A[vi] + T.float32(1)
# run: @add_one([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], zeros(8xf32)); %1 == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]

# -----

# The TensorIR tutorial's first module: handles matched to buffers, `A[vi] + 1.0` (a Python float
# taking the buffer's type), and a second module pasted after it (the two make one module).
@tvm.script.ir_module
class MyModule:
    @T.prim_func
    def main(a: T.handle, b: T.handle):
        # We exchange data between function by handles, which are similar to pointer.
        T.func_attr({"global_symbol": "main", "tir.noalias": True})
        # Create buffer from handles.
        A = T.match_buffer(a, (8,), dtype="float32")
        B = T.match_buffer(b, (8,), dtype="float32")
        for i in range(8):
            # A block is an abstraction for computation.
            with T.block("B"):
                # Define a spatial block iterator and bind it to value i.
                vi = T.axis.spatial(8, i)
                B[vi] = A[vi] + 1.0

@tvm.script.ir_module
class MyAdd:
    @T.prim_func
    def add(A: T.Buffer((2, 2), "int64"),
            B: T.Buffer((2, 2), "int64"),
            C: T.Buffer((2, 2), "int64")):
        T.func_attr({"global_symbol": "add"})
        for i, j in T.grid(2, 2):
            with T.block("C"):
                vi = T.axis.spatial(2, i)
                vj = T.axis.spatial(2, j)
                C[vi, vj] = A[vi, vj] + B[vi, vj]
# run: @main([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32)); %1 == [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]
# run: @add([[1, 2], [3, 4]], [[10, 20], [30, 40]], zeros(2x2xi64)); %2 == [[11, 22], [33, 44]]
