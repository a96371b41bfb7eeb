# Buffer indices carried by their loops (lowering's strength reduction: `outer + k·i` computed
# before the loop and advanced by `k` each iteration) compute the indices the statements say,
# for any start, sign of stride, nesting, and way of leaving an iteration.
# spec: tir-spec.md, statement semantics 12 (For), expression semantics (BufferLoad, BufferStore).

# A start only known at run time, a negative stride, two strides of one variable.
@T.prim_func
def shifted(n: T.int32, A: T.Buffer((16,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(n, n + 4):
        B[7 - i] = A[2 * i - 1] * 10 + A[i]
# run: @shifted(1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], zeros(8xi32)); %2 == [0, 0, 0, 74, 53, 32, 11, 0]
# run: @shifted(4, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], zeros(8xi32)); %2 == [137, 116, 95, 74, 0, 0, 0, 0]
# The first index outside B is the trap, wherever the loop starts.
# run: @shifted(5, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], zeros(8xi32)) traps "out-of-bounds memref access"
# run: @shifted(-1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], zeros(8xi32)) traps "out-of-bounds memref access"

# -----

# Three nested loops, each index a sum of all their variables with different strides, and an
# access that depends on the outer variables only.
@T.prim_func
def nested(A: T.Buffer((24,), "int32"), B: T.Buffer((24,), "int32"), C: T.Buffer((6,), "int32")):
    for i in range(2):
        for j in range(3):
            for k in range(4):
                B[i * 12 + j * 4 + k] = A[k * 6 + j * 2 + i]
                C[i * 3 + j] = C[i * 3 + j] + A[23 - i * 12 - j * 4 - k]
# run: @nested([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23], zeros(24xi32), zeros(6xi32)); %1 == [0, 6, 12, 18, 2, 8, 14, 20, 4, 10, 16, 22, 1, 7, 13, 19, 3, 9, 15, 21, 5, 11, 17, 23]; %2 == [86, 70, 54, 38, 22, 6]

# -----

# An iteration left early (`continue`) and a loop left early (`break`) still index right.
@T.prim_func
def exits(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        if A[i] < 0:
            T.continue_loop()
        if A[i] > 100:
            T.break_loop()
        B[15 - i] = A[i] * 2
# run: @exits([1, -2, 3, -4, 5, 6, 7, 200, 9, 10, 11, 12, 13, 14, 15, 16], zeros(16xi32)); %1 == [0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 12, 10, 0, 6, 0, 2]

# -----

# int64 variables and strides past 2^32: the carried sum is 64-bit.
@T.prim_func
def wide(A: T.Buffer((3,), "int64"), B: T.Buffer((4,), "int64")):
    for i in range(T.int64(3)):
        for j in range(T.int64(2)):
            B[i + j] = B[i + j] + A[i] * T.int64(4294967296) + j
# run: @wide([1, 2, 3], zeros(4xi64)); %1 == [4294967296, 12884901889, 21474836481, 12884901889]

# -----

# A loop of no iterations inside one that runs; a loop whose variable no index uses.
@T.prim_func
def empty_inner(n: T.int32, A: T.Buffer((4, 4), "float32")):
    for i in range(4):
        for j in range(n):
            A[i, j] = T.float32(1)
        for r in range(3):
            A[i, 3 - i] = A[i, 3 - i] + T.float32(2)
# run: @empty_inner(0, zeros(4x4xf32)); %1 == [[0.0, 0.0, 0.0, 6.0], [0.0, 0.0, 6.0, 0.0], [0.0, 6.0, 0.0, 0.0], [6.0, 0.0, 0.0, 0.0]]
# run: @empty_inner(2, zeros(4x4xf32)); %1 == [[1.0, 1.0, 0.0, 6.0], [1.0, 1.0, 6.0, 0.0], [1.0, 7.0, 0.0, 0.0], [7.0, 1.0, 0.0, 0.0]]
