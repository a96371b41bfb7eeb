# Vectors: Ramp, Broadcast, Shuffle, vector loads and stores with vector indices, and vectorized
# loops (SIMD where the body allows, a serial loop otherwise).
# spec: tir-spec.md, expression semantics 7-9, 12; statement semantics 5, 12.iii.

@T.prim_func
def ramp(A: T.Buffer((8,), "int32")):
    A[0:4] = T.Ramp(3, 5, 4)
    A[4:8] = T.Broadcast(7, 4) + T.Ramp(0, -1, 4)
# run: @ramp(zeros(8xi32)); %0 == [3, 8, 13, 18, 7, 6, 5, 4]

# -----

# A vector index with a stride: lane j reads or writes element base + j * stride.
@T.prim_func
def strided(A: T.Buffer((12,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[T.Ramp(1, 3, 4)]
    A[T.Ramp(0, 3, 4)] = B[0:4] * T.Broadcast(T.float32(-1), 4)
# run: @strided([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], zeros(4xf32)); %0 == [-1.0, 1.0, 2.0, -4.0, 4.0, 5.0, -7.0, 7.0, 8.0, -10.0, 10.0, 11.0]; %1 == [1.0, 4.0, 7.0, 10.0]

# -----

# Any vector of indices (a gather); a scatter stores lanes in order, so the last lane wins.
@T.prim_func
def gather(A: T.Buffer((4,), "int32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[I[0:4]]
    B[T.Broadcast(0, 4)] = T.Ramp(10, 1, 4)
# run: @gather([10, 20, 30, 40], [3, 0, 0, 2], zeros(4xi32)); %2 == [13, 10, 10, 30]

# -----

@T.prim_func
def shuffle(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    B[0:8] = T.Shuffle([A[0:4], A[4:8]], [0, 4, 1, 5, 2, 6, 3, 7])
# run: @shuffle([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], zeros(8xf32)); %1 == [0.0, 4.0, 1.0, 5.0, 2.0, 6.0, 3.0, 7.0]

# -----

# Vectorized loops of several widths and types, with casts and math inside.
@T.prim_func
def vloop(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "int32"), C: T.Buffer((16,), "float64"), D: T.Buffer((16,), "int8")):
    for i in T.vectorized(16):
        B[i] = T.Cast("int32", A[i] * T.float32(2)) + i
        C[i] = T.Cast("float64", A[i]) + T.float64(0.5)
        D[i] = T.Cast("int8", B[i])
# run: @vloop([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 63.5], zeros(16xi32), zeros(16xf64), zeros(16xi8)); %1 == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 142]; %2 == [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 64.0]; %3 == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, -114]

# -----

# A body a vector cannot do in order (a nested loop, a branch on the loop variable) runs as a
# serial loop, with the same result.
@T.prim_func
def fallback(A: T.Buffer((8,), "int32")):
    for i in T.vectorized(8):
        if i % 2 == 0:
            A[i] = i
        else:
            for k in range(2):
                A[i] = A[i] + k + i
# run: @fallback(zeros(8xi32)); %0 == [0, 3, 2, 7, 4, 11, 6, 15]

# -----

# Math builtins on vectors, lane by lane.
@T.prim_func
def vmath(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.vectorized(4):
        B[i] = T.sqrt(A[i]) + T.exp(A[i] - A[i]) + T.floor(A[i] / T.float32(3))
# run: @vmath([0.0, 1.0, 4.0, 9.0], zeros(4xf32)); %1 == [1.0, 2.0, 4.0, 7.0]

# -----

# An automatically vectorized serial loop with a remainder (n = 13 is not a multiple of 8).
@T.prim_func
def axpy(n: T.int32, a: T.float32, X: T.Buffer((13,), "float32"), Y: T.Buffer((13,), "float32")):
    for i in range(n):
        Y[i] = a * X[i] + Y[i]
# run: @axpy(13, 2.0, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0], ones(13xf32)); %3 == [3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 15.0, 17.0, 19.0, 21.0, 23.0, 25.0, 27.0]
# run: @axpy(5, 2.0, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0], ones(13xf32)); %3 == [3.0, 5.0, 7.0, 9.0, 11.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]

# -----

# A loop with a dependence between iterations is not vectorized: each iteration sees the last.
@T.prim_func
def prefix(A: T.Buffer((8,), "int32")):
    for i in range(7):
        A[i + 1] = A[i + 1] + A[i]
# run: @prefix(ones(8xi32)); %0 == [1, 2, 3, 4, 5, 6, 7, 8]

# -----

# Vector buffers: elements of float32x4.
@T.prim_func
def vbuf(A: T.Buffer((2,), "float32x4"), B: T.Buffer((2,), "float32x4")):
    B[0] = A[1]
    B[1] = A[0] + A[1]
