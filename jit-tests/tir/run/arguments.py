# The calling convention: every check of the PrimFunc rule on DLTensor arguments, in TVM's
# order, each failure naming the parameter and what was expected.
# spec: tir-spec.md, "PrimFunc" (buffer_map: dtype, ndim, shape binding, strides, elem_offset
# from byte_offset, no aliasing). `view(BASE, shape=.., strides=.., byte_offset=..)` passes a
# DLTensor into BASE's memory, `alias(%N)` argument N's memory again. A device other than the
# CPU and a null data pointer cannot be written as literals: tests/tir.rs checks those.

@T.prim_func
def f(a: T.handle, B: T.Buffer((4,), "int32"), n: T.int32):
    A = T.match_buffer(a, (n, 8), "float32")
    for i in range(4):
        B[i] = T.Cast("int32", A[i, 0]) + n
# run: @f(ones(4x8xf32), zeros(4xi32), 4); %1 == [5, 5, 5, 5]
# dtype, then ndim:
# run: @f(ones(4x8xi32), zeros(4xi32), 4) fails "Mismatched A.dtype on argument #0 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected float32, got int32"
# run: @f(ones(4x8xf32), zeros(4xi64), 4) fails "Mismatched B.dtype on argument #1 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected int32, got int64"
# run: @f(ones(32xf32), zeros(4xi32), 4) fails "Mismatched A.ndim on argument #0 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected 2, got 1"
# A constant dimension must match; a variable bound by the scalar n must equal it:
# run: @f(ones(4x9xf32), zeros(4xi32), 4) fails "Mismatched A.shape[1] on argument #0 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected 8, got 9"
# run: @f(ones(4x8xf32), zeros(5xi32), 4) fails "Mismatched B.shape[0] on argument #1 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected 4, got 5"
# run: @f(ones(4x8xf32), zeros(4xi32), 5) fails "Mismatched A.shape[0] on argument #0 when calling `f(A: Tensor([n, 8], float32), B: Tensor([4], int32), n: int32)`: expected n = 5 (bound by argument #2), got 4"

# -----

# An unbound shape variable binds to the first dimension that names it; later ones must match.
@T.prim_func
def g(a: T.handle, b: T.handle, out: T.Buffer((1,), "int32")):
    m = T.int32()
    A = T.match_buffer(a, (m,), "int32")
    B = T.match_buffer(b, (m, 2), "int32")
    out[0] = m
# run: @g(zeros(3xi32), zeros(3x2xi32), zeros(1xi32)); %2 == [3]
# run: @g(zeros(7xi32), zeros(7x2xi32), zeros(1xi32)); %2 == [7]
# run: @g(zeros(3xi32), zeros(4x2xi32), zeros(1xi32)) fails "Mismatched B.shape[0] on argument #1 when calling `g(A: Tensor([m], int32), B: Tensor([m, 2], int32), out: Tensor([1], int32))`: expected m = 3 (bound by A.shape[0]), got 4"

# -----

# Strides: null is compact; explicit compact strides are accepted; others are not. A stride
# variable binds (s = 3 here, reaching every third element); the elem_offset variable binds to
# byte_offset / element size (8 bytes: 2 elements).
@T.prim_func
def h(a: T.handle, b: T.handle, out: T.Buffer((2,), "int32")):
    s = T.int32()
    off = T.int32()
    A = T.match_buffer(a, (4,), "float32", strides=(s,), elem_offset=off)
    B = T.match_buffer(b, (2, 2), "float32", strides=(4, 1))
    for i in range(4):
        A[i] = A[i] + T.float32(100)
    for i, j in T.grid(2, 2):
        B[i, j] = T.float32(7)
    out[0] = s
    out[1] = off
# run: @h(view(zeros(16xf32), shape=[4], strides=[3], byte_offset=8), view(zeros(8xf32), shape=[2, 2], strides=[4, 1]), zeros(2xi32)); %0 == [0.0, 0.0, 100.0, 0.0, 0.0, 100.0, 0.0, 0.0, 100.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0]; %1 == [7.0, 7.0, 0.0, 0.0, 7.0, 7.0, 0.0, 0.0]; %2 == [3, 2]
# run: @h(zeros(4xf32), view(zeros(8xf32), shape=[2, 2], strides=[4, 1]), zeros(2xi32)); %0 == [100.0, 100.0, 100.0, 100.0]; %2 == [1, 0]
# run: @h(zeros(4xf32), zeros(2x2xf32), zeros(2xi32)) fails "Mismatched B.strides[0] on argument #1 when calling `h(A: Tensor([4], float32), B: Tensor([2, 2], float32), out: Tensor([2], int32))`: expected 4, got 2"
# run: @h(zeros(4xf32), view(zeros(8xf32), shape=[2, 2], strides=[4, 2]), zeros(2xi32)) fails "Mismatched B.strides[1] on argument #1"

# -----

@T.prim_func
def compact(A: T.Buffer((2, 3), "float32")):
    A[1, 2] = T.float32(1)
# run: @compact(view(zeros(6xf32), shape=[2, 3], strides=[3, 1])); %0 == [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
# run: @compact(view(zeros(12xf32), shape=[2, 3], strides=[6, 1])) fails "Mismatched A.strides on argument #0 when calling `compact(A: Tensor([2, 3], float32))`: expected a compact array"
# A's element offset is the constant 0, so a byte offset is an error; so is one that is not a
# whole number of elements.
# run: @compact(view(zeros(12xf32), shape=[2, 3], byte_offset=16)) fails "Mismatched A.elem_offset on argument #0 when calling `compact(A: Tensor([2, 3], float32))`: expected 0, got 4"
# run: @compact(view(zeros(12xf32), shape=[2, 3], byte_offset=6)) fails "Mismatched A.byte_offset on argument #0 when calling `compact(A: Tensor([2, 3], float32))`: expected a multiple of the element size 4, got 6"

# -----

# No two buffer arguments may overlap in memory.
@T.prim_func
def copy(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i]
# run: @copy([1, 2, 3, 4], zeros(4xi32)); %1 == [1, 2, 3, 4]
# run: @copy([1, 2, 3, 4], alias(%0)) fails "arguments #0 (A) and #1 (B)"

# -----

# A shape TVM 0.27 prints as a string expression over a variable named later in the signature
# (and declared in the body, as TVM does): read, with `n` one variable. The binder checks the
# dimension once B has bound n, as TVM's does (TVM: "expected B.shape[0] + 1").
@T.prim_func
def string_shape(A: T.Buffer(("n + 1",), "float32"), B: T.Buffer((n,), "float32")):
    n = T.int32()
    for i in range(n):
        B[i] = A[i] + A[i + 1]
# run: @string_shape([1, 2, 3], [0, 0]); %1 == [3.0, 5.0]
# run: @string_shape([1, 2, 3, 4], [0, 0]) fails "Mismatched A.shape[0] on argument #0 when calling `string_shape(A: Tensor([n + 1], float32), B: Tensor([n], float32))`: expected n + 1 = 3 (n = 2 bound by B.shape[0]), got 4"

# -----

# Integer arithmetic of several variables, bound by a scalar and another buffer.
@T.prim_func
def computed_shape(A: T.Buffer(("(n + m) // 2 * 2",), "int32"), B: T.Buffer((n,), "int32"), m: T.int32):
    n = T.int32()
    for i in range(n):
        B[i] = A[i] + m
# run: @computed_shape([1, 2, 3, 4], [0, 0, 0], 1); %1 == [2, 3, 4]
# run: @computed_shape([1, 2, 3, 4], [0, 0, 0], 3) fails "expected (n + m) // 2 * 2 = 6 (n = 3 bound by B.shape[0], m = 3 bound by argument #2), got 4"

# -----

# A variable no argument binds is not defined (TVM cannot bind it either).
@T.prim_func
# expected-error@+1 {{'Var' in @unbound_shape: variable 'n' is not defined (tir-spec.md, Variable Scoping)}}
def unbound_shape(A: T.Buffer(("n + 1",), "float32"), B: T.Buffer((4,), "float32")):
    n = T.int32()
    for i in range(4):
        B[i] = A[i]
