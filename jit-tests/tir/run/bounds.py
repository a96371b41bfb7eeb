# Out-of-bounds indices have no defined result (tir-spec.md, expression semantics 7.6, BufferLoad, and
# statement semantics 5.4, BufferStore). Strata checks them by default (Options::bounds_checks):
# an access outside a buffer's memory traps instead of reading or writing past it; an index past
# one dimension that stays inside the buffer reads the element of the flattened index, as TVM's
# code does.

@T.prim_func
def at(i: T.int32, j: T.int32, A: T.Buffer((3, 4), "int32")) -> T.int32:
    T.ret(A[i, j])
# run: @at(1, 2, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]) == 6
# run: @at(0, 5, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]) == 5
# run: @at(2, 4, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]) traps "out-of-bounds memref access"
# run: @at(0, -1, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]) traps "out-of-bounds memref access"

# -----

@T.prim_func
def put(n: T.int32, A: T.Buffer((2, 2), "float32")):
    for i in range(n):
        A[0, i] = T.float32(1.5)
# run: @put(4, zeros(2x2xf32)); %1 == [[1.5, 1.5], [1.5, 1.5]]
# run: @put(5, zeros(2x2xf32)) traps "out-of-bounds memref access"
