# Generates the block-region references with a real TVM 0.27 (not needed by `cargo test`):
#   venv/bin/python jit-tests/tir/regions/generate.py
# Each CASE.py is a kernel whose blocks do not spell out T.reads/T.writes; CASE.expected.py is
# TVM's print of it, with the regions TVM's parser inferred. tests/schedule.rs checks that
# Strata prints the same.
import os
import tvm
from tvm.script import tirx as T  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = {
    "stencil": '''
@T.prim_func(s_tir=True)
def stencil(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(14):
        with T.sblock("B"):
            vi = T.axis.spatial(14, i)
            B[vi + 1] = A[vi] + A[vi + 2] + A[vi + 1]
''',
    "reduction": '''
@T.prim_func(s_tir=True)
def reduction(A: T.Buffer((16,), "float32"), B: T.Buffer((4,), "float32")):
    for i, j in T.grid(4, 4):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SR", [i, j])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi * 4 + vj]
''',
    "inner_loop": '''
@T.prim_func(s_tir=True)
def inner_loop(A: T.Buffer((8, 16), "float32"), C: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("C"):
            vi = T.axis.spatial(8, i)
            C[vi] = T.float32(0)
            for k in range(4):
                C[vi] = C[vi] + A[vi, k * 2 + 1]
''',
    "transpose": '''
@T.prim_func(s_tir=True)
def transpose(A: T.Buffer((8, 4), "float32"), B: T.Buffer((4, 8), "float32"), S: T.Buffer((1,), "float32")):
    for i, j in T.grid(4, 8):
        with T.sblock("T"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi] * S[0] + A[vj, 3 - vi]
''',
    "local_buffer": '''
@T.prim_func(s_tir=True)
def local_buffer(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("B"):
            vi = T.axis.spatial(8, i)
            t = T.sblock_alloc_buffer((1,))
            t[0] = A[vi] * T.float32(2)
            B[vi] = t[0] + T.if_then_else(vi > 0, A[vi - 1], T.float32(0))
''',
    "nested": '''
@T.prim_func(s_tir=True)
def nested(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for i in range(4):
        with T.sblock("outer"):
            vi = T.axis.spatial(4, i)
            for j in range(4):
                with T.sblock("inner"):
                    vj = T.axis.spatial(4, j)
                    B[vi, vj] = A[vi, vj] + T.float32(1)
''',
    # Accesses through a block's match_buffer are regions of the matched window's source.
    "matched": '''
@T.prim_func(s_tir=True)
def matched(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(4, 4):
        with T.sblock("tile"):
            vi, vj = T.axis.remap("SS", [i, j])
            Asub = T.match_buffer(A[vi * 4:vi * 4 + 4, vj * 4:vj * 4 + 4], (4, 4))
            Bsub = T.match_buffer(B[vi * 4:vi * 4 + 4, vj * 4:vj * 4 + 4], (4, 4))
            for x, y in T.grid(4, 4):
                Bsub[x, y] = Asub[y, x] + T.float32(1)
''',
    # A window of fewer dimensions than its source: the leading ones are of extent 1.
    "matched_rows": '''
@T.prim_func(s_tir=True)
def matched_rows(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("row"):
            vi = T.axis.spatial(4, i)
            Arow = T.match_buffer(A[vi, 4:12], (8,))
            B[vi] = T.float32(0)
            for k in range(8):
                B[vi] = B[vi] + Arow[k]
''',
    # Accesses through lets in a block's body are seen at the lets' values.
    "lets": '''
@T.prim_func(s_tir=True)
def lets(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i, k in T.grid(16, 4):
        with T.sblock("r"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            x0: T.let[T.int32] = vk + 1
            x1: T.let[T.int32] = x0 * 2
            B[vi] = B[vi] + A[x1 + vi]
''',
    # Access pointers: all of the buffer, read (mask 1) or written (mask 2), none for mask 0;
    # the block's own buffer used through its data, and an address taken of an element.
    "pointers": '''
@T.prim_func(s_tir=True)
def pointers(A: T.Buffer((16,), "float32"), B: T.Buffer((4, 4), "float32"), C: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("p"):
            vi = T.axis.spatial(16, i)
            D = T.sblock_alloc_buffer((16,))
            T.evaluate(T.call_extern("int32", "f", T.tvm_access_ptr(T.type_annotation("float32"), B.data, vi, 4, 1), T.tvm_access_ptr(T.type_annotation("float32"), C.data, 0, 16, 2), T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 16, 0), D.data))
            T.evaluate(T.call_extern("int32", "g", T.address_of(B[vi // 4, vi % 4])))
            A[vi] = T.float32(1)
''',
}

for name, src in CASES.items():
    func = tvm.script.from_source(src)
    with open(os.path.join(HERE, name + ".py"), "w") as f:
        f.write("# blocks without T.reads/T.writes; TVM's print with the regions it infers: %s.expected.py\n" % name)
        f.write(src.lstrip("\n"))
    with open(os.path.join(HERE, name + ".expected.py"), "w") as f:
        f.write("# TVM 0.27's print of %s.py (generate.py)\n" % name)
        f.write(func.script() + "\n")
    print("wrote", name)
