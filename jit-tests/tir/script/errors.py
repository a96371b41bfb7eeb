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

# -----

# A block without T.reads/T.writes gets them inferred, as TVM's parser completes it; a buffer it
# accesses opaquely has no region to infer (TVM 0.27: "Can not auto detect buffer access
# region"): its data used directly, or an access pointer that reads and writes. Checked against
# TVM 0.27, with the regions it infers for read and write pointers in tir/regions/pointers.py.
@T.prim_func(s_tir=True)
def opaque_data(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        # expected-error@+1 {{block "b" accesses B opaquely (B.data used directly, or a T.tvm_access_ptr that reads and writes): its access region cannot be inferred; write T.reads and T.writes (TVM: "Can not auto detect buffer access region")}}
        with T.sblock("b"):
            vi = T.axis.spatial(16, i)
            T.evaluate(T.call_extern("int32", "f", B.data, vi))
            A[vi] = B[vi]

# -----

@T.prim_func(s_tir=True)
def read_write_pointer(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        # expected-error@+1 {{block "b" accesses B opaquely}}
        with T.sblock("b"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi])
            T.evaluate(T.call_extern("int32", "f", T.tvm_access_ptr(T.type_annotation("float32"), B.data, 0, 16, 3)))
            A[vi] = T.float32(1)

# -----

# With both regions written, nothing is inferred: the block reads.
@T.prim_func(s_tir=True)
def opaque_with_regions(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("b"):
            vi = T.axis.spatial(16, i)
            T.reads(B[0:16])
            T.writes(A[vi])
            T.evaluate(T.call_extern("int32", "f", B.data, vi))
            A[vi] = T.float32(1)

# -----

# A buffer the block's statements declare is known to the statements after it (TVM's parser
# registers it): an opaque use of it is refused as well.
@T.prim_func(s_tir=True)
def declared_inside(A: T.Buffer((16,), "float32")):
    for i in range(16):
        # expected-error@+1 {{block "b" accesses C opaquely}}
        with T.sblock("b"):
            vi = T.axis.spatial(16, i)
            C = T.decl_buffer((16,), "float32")
            T.evaluate(T.call_extern("int32", "f", C.data, vi))
            A[vi] = T.float32(1)

# -----

# The same in a function with no buffer of its own (TVM 0.27 refuses it too).
@T.prim_func(s_tir=True)
def declared_without_buffers(n: T.int32):
    for i in range(16):
        # expected-error@+1 {{block "b" accesses C opaquely}}
        with T.sblock("b"):
            vi = T.axis.spatial(16, i)
            C = T.decl_buffer((16,), "float32")
            T.evaluate(T.call_extern("int32", "f", C.data, vi))
