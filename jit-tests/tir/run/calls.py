# Calls of PrimFuncs: T.ret / return values, recursion, early returns from loops, calls with
# buffer arguments. spec: tir-spec.md, expression semantics 11 and "Builtin Calls" (tir.ret).

@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int64) -> T.int64:
        if n <= T.int64(1):
            return T.int64(1)
        return n * Module.fact(n - T.int64(1))

    @T.prim_func
    def fib(n: T.int32) -> T.int32:
        if n < 2:
            return n
        else:
            return Module.fib(n - 1) + Module.fib(n - 2)

    @T.prim_func
    def main(A: T.Buffer((3,), "int64")):
        A[0] = Module.fact(T.int64(20))
        A[1] = T.Cast("int64", Module.fib(20))
        A[2] = Module.fact(T.int64(0))
# run: @fact(5) == 120
# run: @fib(10) == 55
# run: @main(zeros(3xi64)); %0 == [2432902008176640000, 6765, 1]

# -----

# A return inside loops leaves the function at once.
@T.prim_func
def find(A: T.Buffer((8,), "int32"), x: T.int32) -> T.int32:
    for i in range(8):
        if A[i] == x:
            return i
    return -1
# run: @find([5, 3, 9, 3, 1, 0, 0, 0], 3) == 1
# run: @find([5, 3, 9, 3, 1, 0, 0, 0], 4) == -1

# -----

# T.ret written as a call (TVM 0.14 to 0.24).
@T.prim_func
def old_style(x: T.float32) -> T.float32:
    if x < T.float32(0):
        T.ret(-x)
    T.ret(x)
# run: @old_style(-2.5) == 2.5
# run: @old_style(1.5) == 1.5

# -----

# A PrimFunc called with a buffer (its data) and a scalar.
@I.ir_module
class Module:
    @T.prim_func
    def fill(a: T.handle, v: T.float32):
        A = T.match_buffer(a, (4,), "float32")
        for i in range(4):
            A[i] = v

    @T.prim_func
    def main(B: T.Buffer((4,), "float32")):
        Module.fill(B.data, T.float32(2.5))
        B[0] = B[0] + T.float32(1)
# run: @main(zeros(4xf32)); %0 == [3.5, 2.5, 2.5, 2.5]

# -----

# Bit counts: popcount in the operand's type, clz an int32 count of the operand's width.
@T.prim_func
def bits(x: T.int32, y: T.int8) -> T.int32:
    return T.popcount(x) * 1000 + T.clz(y) * 10 + T.clz(x)
# run: @bits(5, 1) == 2099
# run: @bits(-1, -128) == 32000
# run: @bits(0, 0) == 112

# -----

# T.fma rounds once: 0.1 * 10 - 1 is not 0 when fused.
@T.prim_func
def fused(a: T.float64, b: T.float64, c: T.float64) -> T.float64:
    return T.fma(a, b, c)
# run: @fused(0.1, 10.0, -1.0) == 5.551115123125783e-17
# run: @fused(2.0, 3.0, 1.0) == 7.0
