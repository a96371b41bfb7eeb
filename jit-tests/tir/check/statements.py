# Typing rules of statements, one rejected case each (tests/tir.rs has the ones the reader
# cannot write). spec: tir-spec.md, "Typing Rules for Statements" 1-14.

@T.prim_func
def let_type(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'LetStmt' in @let_type: 'x' has type int32 but the value has type float32 (tir-spec.md, statement rule 1 (LetStmt))}}
    x: T.let[T.int32] = T.float32(1)
    A[0] = x

# -----

# TVM 0.27's `x: T.int32 = v` is a one-element local buffer stored with v (a value of another
# scalar type is cast, as TVM's parser casts it; a pointer cannot be).
@T.prim_func
def scalar_type(A: T.Buffer((1,), "int32"), p: T.handle):
    # expected-error@+1 {{'BufferStore' in @scalar_type: the value has type handle but x holds int32 (tir-spec.md, statement rule 4 (BufferStore), TVM's BufferStore)}}
    x: T.int32 = p
    A[0] = x

# -----

@T.prim_func
def let_pointer(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'LetStmt' in @let_pointer: 'p' is a pointer but the value has type float32}}
    p: T.handle("float32") = T.float32(1)
    T.evaluate(0)

# -----

@T.prim_func
def thread_extent_node(A: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'AttrStmt' in @thread_extent_node: 'thread_extent' needs a variable as its node}}
    with T.attr(0, "thread_extent", 4):
        A[0] = 1

# -----

@T.prim_func
def assert_message(n: T.int32):
    # expected-error@+1 {{'AssertStmt' in @assert_message: the message has type float32; it must be a string or an int32 (tir-spec.md, statement rule 3 (AssertStmt))}}
    assert n > 0, T.float32(1)
    T.evaluate(0)

# -----

@T.prim_func
def assert_cond(n: T.int32):
    # expected-error@+1 {{'AssertStmt' in @assert_cond: the condition has type int32, not bool}}
    assert n, "n"
    T.evaluate(0)

# -----

@T.prim_func
def store_vector_index(A: T.Buffer((4, 4), "int32")):
    # expected-error@+1 {{'BufferStore' in @store_vector_index: index 0 has type int32x4; only the last index may be a vector (tir-spec.md, statement rule 4 (BufferStore))}}
    A[T.Ramp(0, 1, 4), 0] = 1

# -----

@T.prim_func
def store_lanes(A: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'BufferStore' in @store_lanes: the value has 4 lanes; the indices and the buffer need 1}}
    A[0] = T.Ramp(0, 1, 4)

# -----

@T.prim_func
def store_index_type(A: T.Buffer((4,), "int32")):
    # expected-error@+1 {{'BufferStore' in @store_index_type: index 0 has type float32, not an integer type}}
    A[T.float32(0)] = 1

# -----

@T.prim_func
def store_type(A: T.Buffer((4,), "int32"), p: T.handle):
    # expected-error@+1 {{'BufferStore' in @store_type: the value has type handle but A holds int32}}
    A[0] = p

# -----

@T.prim_func
def realize_cond(A: T.Buffer((3,), "float32")):
    B = T.Buffer((3,), "float32")
    # expected-error@+1 {{'BufferRealize' in @realize_cond: the condition has type int32, not bool (tir-spec.md, statement rule 5 (BufferRealize))}}
    with T.realize(B[0:3], "global", 1):
        B[0] = T.float32(0)

# -----

@T.prim_func
def allocate_extent(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Allocate' in @allocate_extent: an extent has type float32, not an integer scalar (tir-spec.md, statement rule 6 (Allocate))}}
    buf = T.allocate([T.float32(4)], "int32", "global")
    T.evaluate(0)

# -----

@T.prim_func
def allocate_extents(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Allocate' in @allocate_extents: extents have different types int32 and int64}}
    buf = T.allocate([4, T.int64(4)], "int32", "global")
    T.evaluate(0)

# -----

@T.prim_func
def allocate_cond(A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'Allocate' in @allocate_cond: the condition has type int32, not bool}}
    buf = T.allocate([4], "int32", "global", 1)
    T.evaluate(0)

# -----

@T.prim_func
def if_cond(n: T.int32, A: T.Buffer((1,), "int32")):
    # expected-error@+1 {{'IfThenElse' in @if_cond: the condition has type int32, not bool (tir-spec.md, statement rule 9 (IfThenElse))}}
    if n:
        A[0] = 1

# -----

@T.prim_func
def for_float(A: T.Buffer((1,), "int32")):
    # expected-error@+3 {{'For' in @for_float: the loop variable has type float32, not an integer scalar (tir-spec.md, statement rule 11 (For))}}
    # expected-error@+2 {{'For' in @for_float: the min has type float32, not an integer scalar}}
    # expected-error@+1 {{'For' in @for_float: the extent has type float32, not an integer scalar}}
    for i in range(T.float32(4)):
        A[0] = 1

# -----

@T.prim_func
def vectorized_min(A: T.Buffer((8,), "int32")):
    # expected-error@+1 {{'For' in @vectorized_min: a vectorized loop must start at the constant 0}}
    for i in T.vectorized(1, 5):
        A[i] = 1

# -----

@T.prim_func
def vectorized_extent(n: T.int32, A: T.Buffer((8,), "int32")):
    # expected-error@+1 {{'For' in @vectorized_extent: a vectorized loop must have a constant extent of at least 1}}
    for i in T.vectorized(n):
        A[i] = 1

# -----

@T.prim_func
def vectorized_while(A: T.Buffer((8,), "int32")):
    for i in T.vectorized(8):
        # expected-error@+1 {{'While' in @vectorized_while: a vectorized loop must not contain a While}}
        while A[i] > 0:
            A[i] = A[i] - 1

# -----

@T.prim_func
def while_float(x: T.float32):
    # expected-error@+1 {{'While' in @while_float: the condition has type float32; it must be an integer scalar (tir-spec.md, statement rule 12 (While))}}
    while x:
        T.evaluate(0)

# -----

@T.prim_func
def while_const():
    # expected-error@+1 {{'While' in @while_const: the condition must not be a constant}}
    while 1:
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def block_var(A: T.Buffer((4,), "int32")):
    for i in range(4):
        # expected-error@+2 {{'BlockRealize' in @block_var: block variable 'vi' has type float32, not an integer scalar (tir-spec.md, statement rule 13 (Block))}}
        # expected-error@+1 {{'IterVar' in @block_var: the domain extent of 'vi' has type float32; it must be an Int type equal to the variable's type float32 (tir-spec.md, other construct rule 1 (IterVar))}}
        with T.sblock("b"):
            vi = T.axis.spatial(4, T.float32(0))
            A[i] = 1

# -----

@T.prim_func(s_tir=True)
def block_predicate(A: T.Buffer((4,), "int32")):
    for i in range(4):
        # expected-error@+1 {{'BlockRealize' in @block_predicate: the predicate has type int32, not bool (tir-spec.md, statement rule 14 (BlockRealize))}}
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            T.where(1)
            A[vi] = 1

# -----

# TVM 0.27's loop exits: inside a serial loop or a while only.
@T.prim_func
def break_outside(A: T.Buffer((4,), "int32")):
    A[0] = 1
    # expected-error@+1 {{'Break' in @break_outside: T.break_loop() is not inside a loop (TVM 0.27, Break and Continue)}}
    T.break_loop()

# -----

@T.prim_func
def continue_in_parallel(A: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        if A[i] < 0:
            # expected-error@+1 {{'Continue' in @continue_in_parallel: T.continue_loop() cannot leave a parallel loop, only a serial one}}
            T.continue_loop()
        A[i] = 1

# -----

@T.prim_func
def break_in_unrolled(A: T.Buffer((4,), "int32")):
    for i in T.unroll(4):
        if A[i] < 0:
            # expected-error@+1 {{'Break' in @break_in_unrolled: T.break_loop() cannot leave an unrolled loop, only a serial one}}
            T.break_loop()

# -----

@T.prim_func
def break_in_vectorized(A: T.Buffer((4,), "int32")):
    for i in T.vectorized(4):
        # expected-error@+1 {{'Break' in @break_in_vectorized: T.break_loop() cannot leave a vectorized loop, only a serial one}}
        T.break_loop()
