# Typing rules of expressions, one rejected case each (the rules the script reader cannot break,
# because it converts operands as TVM's does, are checked in tests/tir.rs).
# spec: tir-spec.md, "Rules for Assigning Datatypes to PrimExprs" 1-16.

@T.prim_func
def int_range(A: T.Buffer((1,), "int8")):
    # expected-error@+1 {{'IntImm' in @int_range: 300 is out of the range of int8 [-128, 127] (tir-spec.md, expression rule 2 (IntImm))}}
    A[0] = T.int8(300)

# -----

@T.prim_func
def uint_range(A: T.Buffer((1,), "uint8")):
    # expected-error@+1 {{'IntImm' in @uint_range: -1 is out of the range of uint8 [0, 255]}}
    A[0] = T.uint8(-1)

# -----

@T.prim_func
def float_range(A: T.Buffer((1,), "float16")):
    # expected-error@+1 {{'FloatImm' in @float_range: 70000 is out of the range of float16 (±6.5504e4) (tir-spec.md, expression rule 3 (FloatImm))}}
    A[0] = T.float16(70000.0)

# -----

@T.prim_func
def cast_lanes(x: T.float32, A: T.Buffer((1,), "float32x4")):
    # expected-error@+1 {{'Cast' in @cast_lanes: a cast from float32 to float32x4 changes the number of lanes (tir-spec.md, expression rule 5 (Cast))}}
    A[0] = T.Cast("float32x4", x)

# -----

@T.prim_func
def cast_handle(A: T.Buffer((1,), "int64")):
    # expected-error@+1 {{'Cast' in @cast_handle: a handle cannot be cast to int64}}
    A[0] = T.Cast("int64", A.data)

# -----

@T.prim_func
def cast_to_handle(x: T.float32) -> T.handle:
    # expected-error@+1 {{'Cast' in @cast_to_handle: a value of type float32 cannot be cast to a handle}}
    return T.Cast("handle", x)

# -----

@T.prim_func
def select_cond(c: T.int32, A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Select' in @select_cond: the condition has type int32, not bool (tir-spec.md, expression rule 6 (Select))}}
    A[0] = T.Select(c, 1, 2)

# -----

@T.prim_func
def select_lanes(A: T.Buffer((8,), "int32")):
    # expected-error@+1 {{'Select' in @select_lanes: the condition has 4 lanes but the values have 8}}
    A[0:8] = T.Select(T.Broadcast(True, 4), A[0:8], A[0:8])

# -----

@T.prim_func
def load_vector_index(A: T.Buffer((4, 4), "int32"), B: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'BufferLoad' in @load_vector_index: index 0 has type int32x4; only the last index may be a vector (tir-spec.md, expression rule 7 (BufferLoad))}}
    B[0:4] = A[T.Ramp(0, 1, 4), 0]

# -----

@T.prim_func
def load_index_type(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'BufferLoad' in @load_index_type: index 0 has type float32, not an integer type}}
    B[0] = A[T.float32(1)]

# -----

# Indices of different widths (spec: expression rule 7.2, one width) are what TVM prints for
# TOPI's take and sliding_window; the reader widens them as TVM's code generators do, so the
# rule is checked on trees built in Rust (tests/tir.rs, indices_of_one_width).

@T.prim_func
def ramp_lanes(A: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'Ramp' in @ramp_lanes: 1 lanes; a ramp needs more than 1 (tir-spec.md, expression rule 8 (Ramp))}}
    A[0] = T.Ramp(0, 1, 1)

# -----

@T.prim_func
def ramp_float(A: T.Buffer((4,), "float32")):
    # expected-error@+1 {{'Ramp' in @ramp_float: the base has type float32, not an integer type}}
    A[0:4] = T.Ramp(T.float32(0), T.float32(1), 4)

# -----

@T.prim_func
def broadcast_vector(A: T.Buffer((16,), "int32")):
    # expected-error@+1 {{'Broadcast' in @broadcast_vector: the value has type int32x4, not a scalar (tir-spec.md, expression rule 9 (Broadcast))}}
    T.evaluate(T.Broadcast(T.Ramp(0, 1, 4), 4))

# -----

@T.prim_func
def broadcast_one(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Broadcast' in @broadcast_one: 1 lanes; a broadcast needs more than 1}}
    A[0] = T.Broadcast(1, 1)

# -----

@T.prim_func
def let_type(A: T.Buffer((1,), "int32")):
    x = T.int32()
    # expected-error@+1 {{'Let' in @let_type: 'x' has type int32 but the value has type float32 (tir-spec.md, expression rule 10 (Let))}}
    A[0] = T.Let(x, where={x: T.float32(1)})

# -----

@T.prim_func
def shuffle_types(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32"), C: T.Buffer((8,), "int32")):
    # expected-error@+1 {{'Shuffle' in @shuffle_types: the vectors have different element types int32 and float32 (tir-spec.md, expression rule 12 (Shuffle))}}
    C[0:8] = T.Shuffle([A[0:4], B[0:4]], [0, 1, 2, 3, 4, 5, 6, 7])

# -----

@T.prim_func
def shuffle_count(A: T.Buffer((4,), "int32"), C: T.Buffer((2,), "int32")):
    # expected-error@+1 {{'Shuffle' in @shuffle_count: 2 indices for 4 lanes}}
    C[0:2] = T.Shuffle([A[0:4]], [0, 1])

# -----

@T.prim_func
def shuffle_index(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'Shuffle' in @shuffle_index: an index has type float32, not an integer scalar}}
    C[0:4] = T.Shuffle([A[0:4]], [T.float32(0), 1, 2, 3])

# -----

@T.prim_func
def shuffle_empty(C: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Shuffle' in @shuffle_empty: no vectors}}
    T.evaluate(T.Shuffle([], []))

# -----

@T.prim_func
def mod_float(a: T.float32, b: T.float32, A: T.Buffer((1,), "float32")):
    # expected-error@+1 {{'Mod' in @mod_float: Mod needs integer operands, not float32 (tir-spec.md, expression rule 13 (binary operators))}}
    A[0] = T.truncmod(a, b)

# -----

@T.prim_func
def add_handles(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Add' in @add_handles: the operands have type handle}}
    T.evaluate(A.data + A.data)

# -----

@T.prim_func
def and_ints(a: T.int32, b: T.int32, A: T.Buffer((1,), "bool")):
    # expected-error@+1 {{'And' in @and_ints: the operands have types int32 and int32; both must be bool (tir-spec.md, expression rule 14 (And, Or))}}
    T.evaluate(T.And(a, b))

# -----

@T.prim_func
def or_lanes(c: T.bool, A: T.Buffer((4,), "bool")):
    # expected-error@+1 {{'Or' in @or_lanes: the operands have 4 and 1 lanes}}
    A[0:4] = T.Or(T.Broadcast(c, 4), c)

# -----

@T.prim_func
def not_int(a: T.int32, A: T.Buffer((1,), "bool")):
    # expected-error@+1 {{'Not' in @not_int: the operand has type int32, not bool (tir-spec.md, expression rule 15 (Not))}}
    A[0] = not a

# -----

@T.prim_func
def cmp_handles(A: T.Buffer((1,), "bool")):
    # expected-error@+1 {{'EQ' in @cmp_handles: the operands have type handle (tir-spec.md, expression rule 16 (comparisons))}}
    A[0] = A.data == A.data

# -----

@I.ir_module
class Module:
    @T.prim_func
    def f(x: T.int32) -> T.int32:
        return x

    @T.prim_func
    def g() -> T.int32:
        # expected-error@+1 {{'Call' in @g: @f takes 1 arguments, 2 given}}
        return Module.f(1, 2)
