# Small kernels through TVMScript: loops, blocks with init, and the argument checks.

@T.prim_func
def add(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    for i in range(4):
        C[i] = A[i] + B[i]
# run: @add([1.0, 2.0, 3.0, 4.0], [10.0, 20.0, 30.0, 40.0], zeros(4xf32)); %2 == [11.0, 22.0, 33.0, 44.0]

# -----

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((2, 2), "float32"), B: T.Buffer((2, 2), "float32"), C: T.Buffer((2, 2), "float32")):
    for i, j, k in T.grid(2, 2, 2):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
# run: @matmul([[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]], [[9.0, 9.0], [9.0, 9.0]]); %2 == [[19.0, 22.0], [43.0, 50.0]]

# -----

# Shape variables as TVM 0.27 prints those a PrimFunc shares with Relax: module-level TypeVars
# (int64), or PEP 695 type parameters.
n = TypeVar("n")

@T.prim_func(private=True)
def scale(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
    for i in range(n):
        B[i] = A[i] * T.float32(2)

@T.prim_func
def shift[m: int](A: T.Buffer((m, T.int64(2)), "int32")):
    for i, j in T.grid(m, T.int64(2)):
        A[i, j] = A[i, j] + T.Cast("int32", i)
# run: @scale([1.0, 2.0, 3.0], zeros(3xf32)); %1 == [2.0, 4.0, 6.0]
# run: @shift([[1, 1], [1, 1], [1, 1]]); %0 == [[1, 1], [2, 2], [3, 3]]
