# Blocks: iteration variables, the init of reduction blocks (run when every reduction variable
# is at the start of its domain), T.where, allocated and matched buffers.
# spec: tir-spec.md, statement semantics 14 (Block) and 15 (BlockRealize).

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((3, 4), "int32"), B: T.Buffer((3,), "int32")):
    for i, k in T.grid(3, 4):
        with T.sblock("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = 100
            B[vi] = B[vi] + A[vi, vk]
# The init runs once per row (k == 0): the old contents of B do not matter.
# run: @rowsum([[1, 2, 3, 4], [5, 6, 7, 8], [0, 0, 0, 1]], [7, 7, 7]); %1 == [110, 126, 101]

# -----

# A reduction domain that starts at 2: the init runs when the variable is 2.
@T.prim_func(s_tir=True)
def from2(A: T.Buffer((6,), "int32"), B: T.Buffer((1,), "int32")):
    for k in range(4):
        with T.sblock("s"):
            vk = T.axis.reduce((2, 6), k + 2)
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vk]
# run: @from2([1, 10, 100, 1000, 10000, 100000], [5]); %1 == [111100]

# -----

# Two reduction variables: the init runs when both are at their minimum.
@T.prim_func(s_tir=True)
def total(A: T.Buffer((2, 3), "float32"), S: T.Buffer((1,), "float32")):
    for i, j in T.grid(2, 3):
        with T.sblock("t"):
            vi, vj = T.axis.remap("RR", [i, j])
            with T.init():
                S[0] = T.float32(0.5)
            S[0] = S[0] + A[vi, vj]
# run: @total([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [9.0]); %1 == [21.5]

# -----

# A block that is not a reduction runs its init every time.
@T.prim_func(s_tir=True)
def spatial_init(B: T.Buffer((3,), "int32")):
    for i in range(3):
        with T.sblock("b"):
            vi = T.axis.spatial(3, i)
            with T.init():
                B[vi] = 10
            B[vi] = B[vi] + vi
# run: @spatial_init([0, 0, 0]); %0 == [10, 11, 12]

# -----

# T.where guards the block (a split that does not divide the extent).
@T.prim_func(s_tir=True)
def split(A: T.Buffer((10,), "int32")):
    for i0, i1 in T.grid(3, 4):
        with T.sblock("s"):
            vi = T.axis.spatial(10, i0 * 4 + i1)
            T.where(i0 * 4 + i1 < 10)
            A[vi] = vi * 2
# run: @split(zeros(10xi32)); %0 == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]

# -----

# A matched buffer is a window of its source, offset by the region's start.
@T.prim_func(s_tir=True)
def window(A: T.Buffer((4, 6), "int32")):
    for i in range(2):
        with T.sblock("w"):
            vi = T.axis.spatial(2, i)
            T.reads(A[vi + 1, 2:5])
            T.writes(A[vi + 1, 2:5])
            W = T.match_buffer(A[vi + 1, 2:5], (3,), "int32")
            for j in range(3):
                W[j] = W[j] + (vi + 1) * 10 + j
# run: @window(zeros(4x6xi32)); %0 == [[0, 0, 0, 0, 0, 0], [0, 0, 10, 11, 12, 0], [0, 0, 20, 21, 22, 0], [0, 0, 0, 0, 0, 0]]

# -----

# A 2-D window with a variable shape bound to the region's extent.
@T.prim_func(s_tir=True)
def window2(A: T.Buffer((5, 5), "float32"), B: T.Buffer((2,), "int32")):
    with T.sblock("w"):
        T.reads(A[1:3, 2:5])
        T.writes(A[1:3, 2:5])
        m = T.int32()
        n = T.int32()
        W = T.match_buffer(A[1:3, 2:5], (m, n))
        for i, j in T.grid(m, n):
            W[i, j] = T.float32(1)
        B[0] = m
        B[1] = n
# run: @window2(zeros(5x5xf32), zeros(2xi32)); %0 == [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]; %1 == [2, 3]

# -----

# Nested windows and an allocated buffer inside a block.
@T.prim_func(s_tir=True)
def nested(A: T.Buffer((8,), "int32")):
    with T.sblock("outer"):
        T.reads(A[2:8])
        T.writes(A[2:8])
        X = T.match_buffer(A[2:8], (6,), "int32")
        with T.sblock("inner"):
            T.reads(X[1:4])
            T.writes(X[1:4])
            Y = T.match_buffer(X[1:4], (3,), "int32")
            tmp = T.sblock_alloc_buffer((3,), "int32")
            for k in range(3):
                tmp[k] = k + 1
            for k in range(3):
                Y[k] = tmp[2 - k] * 100
# run: @nested(zeros(8xi32)); %0 == [0, 0, 0, 300, 200, 100, 0, 0]

# -----

# The init runs on the first iteration of the reduction loops only: not at all when a reduction
# loop is empty (the init is hoisted out of its loops only where that keeps this true).
# spec: tir-spec.md, statement semantics 14 (Block init)
@T.prim_func
def red(a: T.handle, n: T.int32, m: T.int32, B: T.Buffer((1,), "float32")):
    A = T.match_buffer(a, (n, m), "float32")
    for i, j in T.grid(n, m):
        with T.block("r"):
            vi, vj = T.axis.remap("RR", [i, j])
            with T.init():
                B[0] = T.float32(0)
            B[0] = B[0] + A[vi, vj]
# run: @red([[1.0, 2.0], [3.0, 4.0]], 2, 2, [5.0]); %3 == [10.0]
# run: @red(zeros(2x0xf32), 2, 0, [5.0]); %3 == [5.0]
# run: @red(zeros(0x3xf32), 0, 3, [5.0]); %3 == [5.0]

# -----

# A 3x3 window: the small loops are unrolled; every tap still counts once.
@T.prim_func
def window(X: T.Buffer((4, 4), "float32"), W: T.Buffer((3, 3), "float32"), Y: T.Buffer((2, 2), "float32")):
    for h, w, r, s in T.grid(2, 2, 3, 3):
        with T.block("conv"):
            vh, vw, vr, vs = T.axis.remap("SSRR", [h, w, r, s])
            with T.init():
                Y[vh, vw] = T.float32(0)
            Y[vh, vw] = Y[vh, vw] + X[vh + vr, vw + vs] * W[vr, vs]
# run: @window([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 100.0]], zeros(2x2xf32)); %2 == [[1107.0, 1209.0], [1515.0, 1617.0]]
