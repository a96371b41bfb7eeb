# Loops of every kind. spec: tir-spec.md, statement semantics 12 (For: serial, parallel,
# vectorized, unrolled, thread binding), 13 (While), 3 (AttrStmt thread_extent/virtual_thread).

@T.prim_func
def kinds(A: T.Buffer((16,), "int32")):
    for i in range(2):
        A[i] = i + 100
    for i in T.serial(2, 4):
        A[i] = i + 200
    for i in T.parallel(4, 6):
        A[i] = i + 300
    for i in T.vectorized(4):
        A[i + 6] = i + 400
    for i in T.unroll(2):
        A[i + 10] = i + 500
    for i in T.thread_binding(2, thread="threadIdx.x"):
        A[i + 12] = i + 600
    for i in range(0):
        A[15] = 1
    for i in range(-3):
        A[15] = 2
# run: @kinds(zeros(16xi32)); %0 == [100, 101, 202, 203, 304, 305, 400, 401, 402, 403, 500, 501, 600, 601, 0, 0]

# -----

# A parallel loop over many iterations: every element written once.
@T.prim_func
def par(n: T.int32, A: T.Buffer((1000,), "int64")) -> T.int64:
    for i in T.parallel(n):
        A[i] = T.Cast("int64", i) * T.Cast("int64", i)
    s: T.int64 = T.int64(0)
    for i in range(1000):
        A[0] = A[0] + A[i] * T.Cast("int64", i != 0)
    return A[0]
# The sum of i*i for i < 1000 is 332833500.
# run: @par(1000, zeros(1000xi64)) == 332833500
# run: @par(0, zeros(1000xi64)) == 0

# -----

# Loop bounds are evaluated once, on entry (tir-spec.md 12.i).
@T.prim_func
def bounds(n: T.int32, A: T.Buffer((10,), "int32")):
    for i in range(n, n * 2):
        A[i - n] = i
# run: @bounds(3, zeros(10xi32)); %1 == [3, 4, 5, 0, 0, 0, 0, 0, 0, 0]
# run: @bounds(-2, zeros(10xi32)); %1 == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

# -----

# int64 loop variables; a narrower constant bound is promoted (statement rule 11.iii).
@T.prim_func
def wide(A: T.Buffer((3,), "int64")):
    for i in range(T.int64(3)):
        A[i] = i * T.int64(4294967296)
# run: @wide(zeros(3xi64)); %0 == [0, 4294967296, 8589934592]

# -----

@T.prim_func
def collatz(n: T.int32, S: T.Buffer((2,), "int32")):
    S[0] = n
    S[1] = 0
    while S[0] != 1:
        if S[0] % 2 == 0:
            S[0] = S[0] // 2
        else:
            S[0] = 3 * S[0] + 1
        S[1] = S[1] + 1
# run: @collatz(27, zeros(2xi32)); %1 == [1, 111]
# run: @collatz(1, zeros(2xi32)); %1 == [1, 0]

# -----

# Thread extents run like parallel loops (tir-spec.md statement semantics 3.i).
@T.prim_func
def threads(A: T.Buffer((8,), "float32")):
    bx = T.launch_thread("blockIdx.x", 2)
    tx = T.launch_thread("threadIdx.x", 4)
    A[bx * 4 + tx] = T.Cast("float32", bx * 10 + tx)
# run: @threads(zeros(8xf32)); %0 == [0.0, 1.0, 2.0, 3.0, 10.0, 11.0, 12.0, 13.0]

# -----

@T.prim_func
def env(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = tx * tx
# run: @env(zeros(4xi32)); %0 == [0, 1, 4, 9]

# -----

# Nested parallel loops, with a serial loop inside and a reduction into a local buffer.
@T.prim_func
def rowsum(A: T.Buffer((64, 32), "float32"), S: T.Buffer((64,), "float32")):
    for i in T.parallel(64):
        acc = T.decl_buffer((1,), "float32", scope="local")
        acc[0] = T.float32(0)
        for j in range(32):
            acc[0] = acc[0] + A[i, j]
        S[i] = acc[0]
# run: @rowsum(ones(64x32xf32), zeros(64xf32)); %1 == [32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0, 32.0]

# -----

# An error in one parallel iteration is the loop's error.
@T.prim_func
def par_fail(A: T.Buffer((100,), "int32")):
    for i in T.parallel(100):
        A[i] = 1000 // (i - 57)
# run: @par_fail(zeros(100xi32)) traps "division by zero"

# -----

# A loop of one iteration runs its body once (lowering lays it out, no loop), even one that
# leaves early (that one stays a loop: its exits need it).
@T.prim_func
def unit(n: T.int32, A: T.Buffer((4,), "int32")):
    for i in range(1):
        A[i] = n
    for i in T.serial(2, 3):
        A[i] = n + i
    for i in range(1):
        if n > 5:
            T.break_loop()
        A[1] = 7
    for i in range(1):
        for j in range(1):
            if n > 5:
                T.continue_loop()
            A[3] = A[3] + j + 1
# run: @unit(1, zeros(4xi32)); %1 == [1, 7, 3, 1]
# run: @unit(9, zeros(4xi32)); %1 == [9, 0, 11, 0]

# -----

# A loop of constant bounds that runs at least once tests at its end (rotated): an int8 and a
# uint8 loop whose end is the type's maximum, `continue` and `break` (to the test at the end,
# and past it), an inner loop of variable bounds.
@T.prim_func
def rotated(n: T.int32, A: T.Buffer((4,), "int32")):
    for i in T.serial(T.int8(120), T.int8(127)):
        A[0] = A[0] + T.Cast("int32", i)
    for i in T.serial(T.uint8(250), T.uint8(255)):
        A[1] = A[1] + T.Cast("int32", i)
    for i in range(10):
        if i % 3 == 0:
            T.continue_loop()
        if i == n:
            T.break_loop()
        A[2] = A[2] + i
    for i in range(3):
        for j in range(i, 4):
            A[3] = A[3] * 2 + j
# 120 + .. + 126 = 861; 250 + .. + 254 = 1260; with n = 7: 1 + 2 + 4 + 5 = 12, with n = 99:
# 1 + 2 + 4 + 5 + 7 + 8 = 27; the nest writes j = 0..3, 1..3, 2..3 in order.
# run: @rotated(7, zeros(4xi32)); %1 == [861, 1260, 12, 403]
# run: @rotated(99, zeros(4xi32)); %1 == [861, 1260, 27, 403]
