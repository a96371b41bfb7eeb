# Reader errors: each points at the line (and the harness checks the line) of the construct
# the reader cannot take, with a message naming it.
# spec: tir-spec.md, "TVMScript" (the printed form); tir/script/read.rs for the subset.

@T.prim_func
def undefined(A: T.Buffer((4,), "float32")):
    for i in range(4):
        # expected-error@+1 {{'B' is not a buffer}}
        A[i] = B[i]

# -----

# Function attributes are printed before the function's variables are declared (as TVM prints
# them), so one that names a variable could not be read back: it must be a constant.
n = TypeVar("n")

@T.prim_func
def attr_of_var(A: T.Buffer((n,), "float32")):
    # expected-error@+1 {{function attribute 'tir.noalias' must be a constant}}
    T.func_attr({"tir.noalias": n})
    T.evaluate(0)

# -----

@T.prim_func
def undefined_name(A: T.Buffer((4,), "float32")):
    # expected-error@+1 {{undefined name 'm'}}
    for i in range(m):
        A[i] = T.float32(0)

# -----

@T.prim_func
def attr_constants(A: T.Buffer((4,), "int32")):
    T.func_attr({"tir.noalias": T.bool(True), "n": T.int64(4), "names": ["a", "b"], "x": {"y": 1.5}})
    for i in range(4):
        A[i] = i
# run: @attr_constants(zeros(4xi32)); %0 == [0, 1, 2, 3]

# -----

# TVM's intrinsic forms (`Buffer.vload`, `T.reinterpret(x, dtype=..)`, `T.vectorlow`) are
# checked as they are read.
@T.prim_func
def vload_type(A: T.Buffer((8,), "uint8"), B: T.Buffer((4,), "float32")):
    # expected-error@+1 {{A.vload loads float32 elements from a buffer of uint8}}
    B[T.Ramp(0, 1, 4)] = A.vload([0], "float32x4")

# -----

@T.prim_func
def vload_rank(A: T.Buffer((8, 8), "uint8"), B: T.Buffer((4,), "uint8")):
    # expected-error@+1 {{A.vload takes 2 indices, 1 given}}
    B[T.Ramp(0, 1, 4)] = A.vload([0], "uint8x4")

# -----

@T.prim_func
def reinterpret_size(A: T.Buffer((8,), "uint8"), B: T.Buffer((1,), "int32")):
    # expected-error@+1 {{T.reinterpret from uint8x8 to int32: the sizes differ}}
    B[0] = T.reinterpret(A[T.Ramp(0, 1, 8)], dtype="int32")

# -----

@T.prim_func
def vectorlow_lanes(A: T.Buffer((8,), "int8"), B: T.Buffer((8,), "int8")):
    # expected-error@+1 {{T.vectorlow takes half the lanes of int8x8, not int8x8}}
    B[T.Ramp(0, 1, 8)] = T.vectorlow("int8x8", A[T.Ramp(0, 1, 8)])
