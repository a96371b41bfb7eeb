# Checked is the default for TIR too (issue: safe by default). The lowering proves an access in
# bounds when its flattened index, over the ranges of the loop and block variables it uses,
# stays inside the buffer (tir-spec.md, expression semantics 7.6): such accesses carry no check.
# The others are checked: a loop past its buffer or a data-dependent index traps.

@T.prim_func
def past(A: T.Buffer((10,), "float32")):
    for i in range(11):
        A[i] = T.float32(1)
# run: @past(zeros(10xf32)) traps "out-of-bounds memref access at checked-default.py:9:9"

# -----

# Tiled indices (floordiv, floormod, block variables) stay provable: the result is exact.
@T.prim_func
def tiled(A: T.Buffer((4, 8), "int32"), B: T.Buffer((4, 8), "int32")):
    for f in range(32):
        with T.sblock("B"):
            vi = T.axis.spatial(4, f // 8)
            vj = T.axis.spatial(8, f % 8)
            B[vi, vj] = A[vi, vj] * 2
# run: @tiled([[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15], [16, 17, 18, 19, 20, 21, 22, 23], [24, 25, 26, 27, 28, 29, 30, 31]], zeros(4x8xi32)); %1 == [[0, 2, 4, 6, 8, 10, 12, 14], [16, 18, 20, 22, 24, 26, 28, 30], [32, 34, 36, 38, 40, 42, 44, 46], [48, 50, 52, 54, 56, 58, 60, 62]]

# -----

# The same tiling one tile too far reaches past B: checked, it traps.
@T.prim_func
def tiled_past(A: T.Buffer((40,), "int32"), B: T.Buffer((4, 8), "int32")):
    for f in range(40):
        B[f // 8, f % 8] = A[f]
# run: @tiled_past(zeros(40xi32), zeros(4x8xi32)) traps "out-of-bounds memref access at checked-default.py:30:9"

# -----

# A data-dependent index is checked.
@T.prim_func
def gather(I: T.Buffer((3,), "int32"), A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = A[I[i]]
# run: @gather([2, 1, 0], [1.0, 2.0, 3.0], zeros(3xf32)); %2 == [3.0, 2.0, 1.0]
# run: @gather([2, 1, 3], [1.0, 2.0, 3.0], zeros(3xf32)) traps "out-of-bounds memref access"
