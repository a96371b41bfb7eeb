# Allocations and declared buffers: Allocate (with its condition), DeclBuffer views of memory
# with other shapes, BufferRealize, large allocations on the heap, allocations in loops.
# spec: tir-spec.md, statement semantics 6 (BufferRealize), 7 (Allocate), 8 (DeclBuffer).

@T.prim_func
def scratch(A: T.Buffer((4,), "int32")):
    buf = T.allocate([4], "int32", "global")
    T2 = T.decl_buffer((2, 2), "int32", data=buf)
    for i, j in T.grid(2, 2):
        T2[i, j] = i * 10 + j
    T1 = T.decl_buffer((4,), "int32", data=buf)
    for k in range(4):
        A[k] = T1[k]
# run: @scratch(zeros(4xi32)); %0 == [0, 1, 10, 11]

# -----

# An allocation with a false condition does not run its body.
@T.prim_func
def maybe(c: T.bool, A: T.Buffer((1,), "int32")):
    buf = T.allocate([4], "int32", "global", c)
    B = T.decl_buffer((4,), "int32", data=buf)
    B[0] = 5
    A[0] = B[0] + 1
# run: @maybe(true, zeros(1xi32)); %1 == [6]
# run: @maybe(false, zeros(1xi32)); %1 == [0]

# -----

# A buffer too large for the stack lives on the heap; one allocated in a loop is freed each time.
@T.prim_func
def big(n: T.int32, S: T.Buffer((1,), "float64")):
    for rep in range(3):
        B = T.decl_buffer((n,), "float64")
        for i in range(n):
            B[i] = T.Cast("float64", i)
        for i in range(n):
            S[0] = S[0] + B[i]
# run: @big(100000, zeros(1xf64)); %1 == [14999850000.0]

# -----

# A declared view with strides and an offset reads a window of the memory.
@T.prim_func
def view(A: T.Buffer((12,), "int32"), B: T.Buffer((2, 2), "int32")):
    V = T.decl_buffer((2, 2), "int32", data=A.data, strides=(4, 2), elem_offset=1)
    for i, j in T.grid(2, 2):
        B[i, j] = V[i, j]
# Elements 1, 3, 5, 7 of A.
# run: @view([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], zeros(2x2xi32)); %1 == [[1, 3], [5, 7]]

# -----

@T.prim_func
def realize(A: T.Buffer((3,), "float32")):
    B = T.Buffer((3,), "float32")
    with T.realize(B[0:3], "global"):
        for i in range(3):
            B[i] = T.float32(i) * T.float32(2)
        for i in range(3):
            A[i] = B[i] + T.float32(1)
# run: @realize(zeros(3xf32)); %0 == [1.0, 3.0, 5.0]

# -----

# A let binds once; a pointer let makes another name for memory.
@T.prim_func
def lets(A: T.Buffer((4,), "int32")):
    x: T.int32 = 5
    y: T.int32 = x * x
    p: T.handle("int32") = A.data
    P = T.decl_buffer((4,), "int32", data=p)
    P[0] = y
    z = T.int32()
    A[1] = T.Let(z * 2, where={z: y + 1})
# run: @lets(zeros(4xi32)); %0 == [25, 52, 0, 0]

# -----

# Assertions stop the call with their message; a passing one runs the rest.
@T.prim_func
def checked(n: T.int32, A: T.Buffer((1,), "int32")):
    assert n > 0, "n must be positive"
    assert n < 100, ("ValueError", ["n is ", "too large"])
    A[0] = n
# run: @checked(5, zeros(1xi32)); %1 == [5]
# run: @checked(-1, zeros(1xi32)) traps "assertion failed: n must be positive"
# run: @checked(100, zeros(1xi32)) traps "assertion failed: ValueError: n is too large"

# -----

# T.evaluate has no effect but its value's.
@T.prim_func
def evaluate(A: T.Buffer((1,), "int32")):
    T.evaluate(0)
    T.evaluate(T.likely(A[0] == 0))
    A[0] = 1
# run: @evaluate(zeros(1xi32)); %0 == [1]

# -----

# Indices of mixed widths, as TVM prints TOPI's take: read with the narrower one widened.
@T.prim_func
def mixed(i: T.int32, j: T.int64, A: T.Buffer((2, 3), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = A[i, j]
    A[i, j] = T.float32(0)
# run: @mixed(1, 2, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [9.0]); %3 == [6.0]; %2 == [[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]]
