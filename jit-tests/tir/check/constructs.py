# Typing rules of other constructs and of return values.
# spec: tir-spec.md, "Typing Rules for Other Language Constructs" 1-6.

@T.prim_func(s_tir=True)
def itervar(A: T.Buffer((4,), "int32")):
    for i in range(4):
        # expected-error@+1 {{'IterVar' in @itervar: the domain extent of 'vi' has type int64; it must be an Int type equal to the variable's type int32 (tir-spec.md, other construct rule 1 (IterVar))}}
        with T.sblock("b"):
            vi = T.axis.spatial(T.int64(4), i)
            A[vi] = 1

# -----

# expected-error@+2 {{'Buffer' in @buffer_shape: A.shape[0] has type float32, not an integer scalar (tir-spec.md, other construct rule 3 (Buffer))}}
@T.prim_func
def buffer_shape(A: T.Buffer((T.float32(4),), "float32")):
    T.evaluate(0)

# -----

@T.prim_func
def buffer_strides(a: T.handle):
    # expected-error@+1 {{'Buffer' in @buffer_strides: A.strides have different types int64 and int32}}
    A = T.match_buffer(a, (4, 4), "float32", strides=(T.int64(4), 1))
    T.evaluate(0)

# -----

@T.prim_func
def buffer_data(n: T.int32):
    # expected-error@+1 {{'Buffer' in @buffer_data: the data of B is 'n' of type int32, not a pointer}}
    B = T.decl_buffer((4,), "float32", data=n)
    T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def region_rank(A: T.Buffer((4, 4), "float32")):
    # expected-error@+1 {{'BufferRegion' in @region_rank: the region of A has 1 ranges for 2 dimensions (tir-spec.md, other construct rule 4 (BufferRegion))}}
    with T.sblock("b"):
        T.reads(A[0])
        A[0, 0] = T.float32(0)

# -----

@T.prim_func(s_tir=True)
def match_dtype(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_dtype: W has type float32 but its source A has int32 (tir-spec.md, other construct rule 5 (MatchBufferRegion))}}
        W = T.match_buffer(A[0:4], (4,))
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_align(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_align: the alignment 64 of A is not a multiple of the alignment 128 of W}}
        W = T.match_buffer(A[0:4], (4,), "int32", align=128)
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_offset(a: T.handle):
    A = T.match_buffer(a, (8,), "int32", offset_factor=1)
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_offset: W has element offset 0, so its source A must too}}
        W = T.match_buffer(A[0:4], (4,), "int32", elem_offset=0)
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_scope(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_scope: W is in scope 'shared' but its source A in 'global'}}
        W = T.match_buffer(A[0:4], (4,), "int32", scope="shared")
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_type(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_type: both buffers must have the default buffer type}}
        W = T.match_buffer(A[0:4], (4,), "int32", buffer_type="auto")
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_dims(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_dims: W has 2 dimensions, more than the 1 of its source region}}
        W = T.match_buffer(A[0:4], (2, 2), "int32")
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_leading(A: T.Buffer((4, 4), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_leading: the extent of dimension 0 of the source region must be 1 (the buffer has fewer dimensions)}}
        W = T.match_buffer(A[0:2, 0:4], (4,), "int32")
        T.evaluate(0)

# -----

@T.prim_func(s_tir=True)
def match_extent(A: T.Buffer((8,), "int32")):
    with T.sblock("b"):
        # expected-error@+1 {{'MatchBufferRegion' in @match_extent: W.shape[0] = 3 is not the extent 4 of the source region}}
        W = T.match_buffer(A[0:4], (3,), "int32")
        T.evaluate(0)

# -----

# A window's extent proved equal through arithmetic: (i + 2) - i is 2.
@T.prim_func(s_tir=True)
def match_proved(A: T.Buffer((8,), "int32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            W = T.match_buffer(A[vi:vi + 2], (2,), "int32")
            W[0] = vi

# -----

# expected-error@+2 {{'PrimFunc' in @no_ret: the return type is int32, but no tir.ret returns a value (tir-spec.md, other construct rule 6 (PrimFunc))}}
@T.prim_func
def no_ret() -> T.int32:
    T.evaluate(0)

# -----

@T.prim_func
def wrong_ret(x: T.float32) -> T.int32:
    # expected-error@+1 {{'Call' in @wrong_ret: tir.ret returns a value of type float32, but the function's return type is int32}}
    return x

# -----

@T.prim_func
def void_ret(x: T.int32):
    # expected-error@+1 {{'Call' in @void_ret: tir.ret returns a value of type int32, but the function's return type is void}}
    return x

# -----

@T.prim_func
def two_rets(x: T.int32) -> T.int32:
    if x > 0:
        return x
    # expected-error@+2 {{'Call' in @two_rets: tir.ret returns a value of type int64, but the function's return type is int32}}
    # expected-error@+1 {{'Call' in @two_rets: tir.ret returns values of different types: int32 and int64}}
    return T.int64(0)

# -----

@T.prim_func
def twice(A: T.Buffer((1,), "int32")):
    A[0] = 1

# expected-error@+2 {{function 'twice' is defined twice}}
@T.prim_func
def twice(A: T.Buffer((1,), "int32")):
    A[0] = 2

# -----

# A thread's extent takes the type of the thread variable `T.env_thread` made (int32): a
# constant that does not fit it is an error where it is written.
@T.prim_func
def thread_extent(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    # expected-error@+1 {{the extent of thread tx is of type int64, not of its type int32}}
    with T.launch_thread(tx, 4294967296):
        A[tx] = tx * tx
