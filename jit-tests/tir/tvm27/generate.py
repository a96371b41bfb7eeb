"""Generate Strata's cases for TVMScript forms TVM 0.27 prints (statements, declarations,
intrinsics), each checked against TVM itself.

Each case below is TVMScript as a user writes it. TVM 0.27 parses it and prints it
(`func.script()`); the printed text is the test (Strata must read it, pass its checks, and
print it back unchanged). Where TVM compiles it for `llvm`, TVM runs it on the case's inputs
and its outputs become the `# run:` line (`%N == ...` after the call). Where TVM itself
cannot build it for a CPU (GPU intrinsics), the case says what Strata answers instead.

Run with TVM 0.27 (`pip install apache-tvm==0.27.0.post1 numpy`), from anywhere:

    python jit-tests/tir/tvm27/generate.py

It rewrites one `<group>.py` file per group next to this script.
"""

import os

import numpy as np
import tvm
from tvm.script import tirx as T  # noqa: F401 (the sources below use it)

HERE = os.path.dirname(os.path.abspath(__file__))


def literal(a):
    """An array as a run-line literal (nested lists; floats as Python prints them)."""
    if a.dtype == np.bool_:
        return str(a.astype(int).tolist()).replace("1", "true").replace("0", "false")
    return str(a.tolist()).replace("inf", "inf").replace("nan", "nan")


def case(src, args=None, note="", fails=None):
    """`fails`: TVM cannot build it for a CPU; Strata's call fails with this text."""
    return {"src": src, "args": args, "note": note, "fails": fails}


def render(c):
    func = tvm.script.from_source(c["src"])
    text = func.script().rstrip() + "\n"
    lines = []
    if c["note"]:
        lines += ["# " + l for l in c["note"].splitlines()]
    body = [l for l in text.splitlines() if not l.startswith("# from")]
    lines += ["# from tvm.script import tirx as T", "# from tvm.tirx.layout import Axis"] + body
    if c["fails"] is not None:
        name = func.attrs["global_symbol"] if func.attrs and "global_symbol" in func.attrs else "f"
        ins = [literal(np.array(a[0], dtype=a[1])) for a in c["args"]]
        lines.append(f'# run: @{name}({", ".join(ins)}) fails "{c["fails"]}"')
    elif c["args"] is not None:
        mod = tvm.compile(func, target="llvm")
        # A plain Python number is a scalar argument; (values, dtype) a buffer.
        arrays = [a if isinstance(a, int | float) else np.array(a[0], dtype=a[1]) for a in c["args"]]
        ins = [str(a) if isinstance(a, int | float) else literal(a) for a in arrays]
        tensors = [a if isinstance(a, int | float) else tvm.runtime.tensor(a) for a in arrays]
        mod(*tensors)
        outs = [t if isinstance(t, int | float) else t.numpy() for t in tensors]
        name = func.attrs["global_symbol"] if func.attrs and "global_symbol" in func.attrs else "f"
        checks = "".join(
            f"; %{i} == {literal(o)}"
            for i, (a, o) in enumerate(zip(arrays, outs))
            if not isinstance(a, int | float) and not np.array_equal(a, o)
        )
        lines.append(f"# run: @{name}({', '.join(ins)}){checks}")
    return "\n".join(lines) + "\n"


A16 = ([3, 1, 4, -1, 5, 9, -2, 6, 5, 3, 5, 8, 9, 7, 9, 3], "int32")

GROUPS = {
    "loop_exits": (
        "T.break_loop() and T.continue_loop(): leave / go on with the innermost loop.",
        [
            case(
                '''
@T.prim_func
def first_negative(A: T.Buffer((16,), "int32"), out: T.Buffer((1,), "int32")):
    out[0] = -1
    for i in range(16):
        if A[i] < 0:
            out[0] = i
            T.break_loop()
''',
                [A16, ([0], "int32")],
            ),
            case(
                '''
@T.prim_func
def sum_positive(A: T.Buffer((16,), "int32"), out: T.Buffer((1,), "int32")):
    out[0] = 0
    for i in range(16):
        if A[i] < 0:
            T.continue_loop()
        out[0] = out[0] + A[i]
''',
                [A16, ([0], "int32")],
            ),
            case(
                '''
@T.prim_func
def find_seven(A: T.Buffer((16,), "int32"), out: T.Buffer((1,), "int32")):
    i: T.int32 = 0
    while i < 16:
        if A[i] == 7:
            T.break_loop()
        i = i + 1
    out[0] = i
''',
                [A16, ([0], "int32")],
            ),
            case(
                '''
@T.prim_func
def skip_odd_rows(A: T.Buffer((4, 4), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        if i % 2 == 1:
            T.continue_loop()
        for j in range(4):
            if A[i, j] > 5:
                T.break_loop()
            B[i] = B[i] + A[i, j]
''',
                [([[1, 2, 9, 4], [5, 6, 7, 8], [3, 3, 3, 3], [0, 0, 0, 0]], "int32"), ([0, 0, 0, 0], "int32")],
            ),
        ],
    ),
    "scalar_locals": (
        "TVM 0.27's scalar locals: `x: T.int32 = v` / `x = v` declare a mutable one-element local,\n"
        "assigned anywhere below (in loops, branches, while bodies), read by its name.",
        [
            case(
                '''
@T.prim_func
def accumulate(C: T.Buffer((4,), "float32")):
    s: T.float32 = T.float32(0)
    for i in range(4):
        s = s + C[i]
    C[0] = s
''',
                [([1.0, 2.0, 3.0, 4.0], "float32")],
            ),
            case(
                '''
@T.prim_func
def countdown(C: T.Buffer((4,), "float32")):
    acc: T.float32 = T.float32(0)
    C[1] = acc
    for i in range(4):
        D: T.float32 = C[i]
        D = D * T.float32(2)
        C[i] = D
    x: T.int32
    x = 3
    while x > 0:
        x = x - 1
        C[0] = C[0] + T.float32(1)
''',
                [([0.0, 1.0, 2.0, 3.0], "float32")],
            ),
            case(
                '''
@T.prim_func
def collatz(n: T.int32, out: T.Buffer((1,), "int32")):
    x = n
    steps = 0
    while x != 1:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        steps += 1
    out[0] = steps
''',
                [27, ([0], "int32")],
            ),
            case(
                '''
@T.prim_func(s_tir=True)
def collatz_block(n: T.int32, out: T.Buffer((1,), "int32")):
    x: T.int32 = n
    steps: T.int32 = 0
    while x != 1:
        if x % 2 == 0:
            x = x // 2
        else:
            with T.sblock("b"):
                x = 3 * x + 1
        steps = steps + 1
    out[0] = steps
''',
                [27, ([0], "int32")],
                note="A scalar local assigned in a block: its regions are of the buffer behind it (`x.source[0]`).",
            ),
            case(
                '''
@T.prim_func
def running_max(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    m = T.float32(-3.4e38)
    for i in range(8):
        if A[i] > m:
            m = A[i]
        B[i] = m
''',
                [([0.5, -1.0, 2.0, 1.0, 3.5, 3.0, -7.0, 4.0], "float32"), ([0.0] * 8, "float32")],
            ),
            case(
                '''
@T.prim_func
def lets_stay_lets(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        k: T.let[T.int32] = 7 - i
        B[i] = A[k]
''',
                [([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], "float32"), ([0.0] * 8, "float32")],
            ),
        ],
    ),
    "intrinsics": (
        "LLVM intrinsics by name run as the builtins they are; GPU intrinsics, raw pointers and\n"
        "T.vscale() are read and printed, and calling them is a clear error (TVM's own CPU build\n"
        "rejects the GPU ones and T.vscale()).",
        [
            case(
                '''
@T.prim_func
def llvm_intrinsics(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int64")):
    for i in range(4):
        B[i] = T.call_llvm_pure_intrin("float32", "llvm.sqrt", T.fabs(A[i]))
        C[i] = T.call_llvm_pure_intrin("int32", "llvm.ctpop", T.Cast("int32", A[i] * T.float32(10)))
        D[i] = T.call_llvm_pure_intrin("int64", "llvm.lround", A[i])
''',
                [([1.5, -2.25, 9.0, 0.5], "float32"), ([0.0] * 4, "float32"), ([0] * 4, "int32"), ([0] * 4, "int64")],
            ),
            case(
                '''
@T.prim_func
def more_llvm(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.call_llvm_pure_intrin("float32", "llvm.round", A[i])
        C[i] = T.call_llvm_pure_intrin("float32", "llvm.maxnum", A[i], T.float32(0.25)) + T.call_llvm_pure_intrin("float32", "llvm.floor", A[i])
''',
                [([2.5, -2.5, 0.49999997, -7.75], "float32"), ([0.0] * 4, "float32"), ([0.0] * 4, "float32")],
            ),
            case(
                '''
@T.prim_func
def warp_shuffle(A: T.Buffer((32,), "float32")):
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        A[tx] = T.tvm_warp_shuffle(T.uint32(4294967295), A[tx], 0, 32, 32)
''',
                [([0.0] * 32, "float32")],
                fails="T.tvm_warp_shuffle is a GPU intrinsic",
            ),
            case(
                '''
@T.prim_func
def access_ptr(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.call_extern("int32", "memcpy", T.tvm_access_ptr(T.type_annotation("float32"), B.data, 2, 2, 2), T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 2, 1), 8)
''',
                [([0.0] * 8, "float32"), ([0.0] * 8, "float32")],
                fails="T.tvm_access_ptr makes a raw pointer",
            ),
            case(
                '''
@T.prim_func
def address_of(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.call_extern("int32", "memcpy", T.address_of(B[2]), T.address_of(A[0]), 8)
''',
                [([0.0] * 8, "float32"), ([0.0] * 8, "float32")],
                fails="T.address_of makes a raw pointer",
            ),
            case(
                '''
@T.prim_func
def vscale(A: T.Buffer((1,), "int32")):
    A[0] = T.vscale()
''',
                [([0], "int32")],
                fails="T.vscale() is the length of scalable vectors",
            ),
        ],
    ),
    "layouts": (
        "TVM 0.27's tile layouts (`layout=T.TileLayout(..)`) on parameters and allocations: printed as\n"
        "TVM prints them (the default row-major layout left out, one-element tuples unwrapped, the\n"
        "memory axis `@ Axis.m` dropped); a CPU build addresses the buffers as before.",
        [
            case(
                '''
@T.prim_func
def tile_layouts(A: T.Buffer((2, 4), "float32", layout=T.TileLayout(T.S[(2, 4):(1, 2)])), B: T.Buffer((2, 4), "float32", layout=T.TileLayout(T.S[(2, 4):(4, 1)]))):
    C = T.alloc_buffer((2, 4), layout=T.TileLayout(T.S[(8,):(1 @ Axis.m,)]))
    D = T.alloc_buffer((2, 4), layout=T.TileLayout(T.S[(2, 2, 2):(4 @ Axis.F, 2, 1)]))
    for i, j in T.grid(2, 4):
        C[i, j] = A[i, j] * T.float32(2)
        D[i, j] = C[i, j] + T.float32(1)
        B[i, j] = D[i, j]
''',
                [([[1, 2, 3, 4], [5, 6, 7, 8]], "float32"), ([[0] * 4] * 2, "float32")],
            ),
            case(
                '''
@T.prim_func
def layout_none(A: T.Buffer((4,), "float32", layout=None), B: T.Buffer((4,), "float32", offset_factor=4, layout=T.TileLayout(T.S[4:1 @ Axis.F]))):
    for i in range(4):
        B[i] = A[i] + T.float32(1)
''',
                [([1, 2, 3, 4], "float32"), ([0] * 4, "float32")],
            ),
        ],
    ),
    "int4": (
        "TVM's 4-bit integers are read and printed. TVM allocates them two to a byte but its CPU\n"
        "build reads one per byte (past the end of the buffer), so Strata does not compile them.",
        [
            case(
                '''
@T.prim_func
def int4_param(A: T.Buffer((16,), "int4"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = T.Cast("int32", A[i])
'''
            ),
            case(
                '''
@T.prim_func
def uint4_local(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    Q = T.alloc_buffer((8,), "uint4")
    for i in range(8):
        Q[i] = T.Cast("uint4", A[i])
    for i in range(8):
        B[i] = T.Cast("int32", Q[i])
''',
                [([1, 2, 3, 4, 5, 6, 7, 8], "int32"), ([0] * 8, "int32")],
                fails="uint4 is read and printed but not compiled",
            ),
        ],
    ),
    "reducers": (
        "T.comm_reducer under a reduce_scope attribute, and T.tvm_thread_allreduce with no thread to\n"
        "reduce across, which TVM's CPU build runs (the source where the condition holds, else the\n"
        "identity).",
        [
            case(
                '''
@T.prim_func
def allreduce_sum(A: T.Buffer((8,), "float32"), B: T.Buffer((2,), "float32")):
    red = T.decl_buffer((1,), "float32", scope="local")
    with T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0.0)]), "reduce_scope", T.reinterpret("handle", T.uint64(0))):
        T.tvm_thread_allreduce(T.uint32(1), A[3], T.bool(True), red[0], T.int32(0))
    B[0] = red[0]
    with T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0.0)]), "reduce_scope", T.reinterpret("handle", T.uint64(0))):
        T.tvm_thread_allreduce(T.uint32(1), A[3], A[0] > T.float32(5), red[0], T.int32(0))
    B[1] = red[0]
''',
                [([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], "float32"), ([0.0, 0.0], "float32")],
            ),
            case(
                '''
@T.prim_func
def allreduce_max(A: T.Buffer((4,), "float32"), B: T.Buffer((1,), "float32")):
    red = T.decl_buffer((1,), "float32", scope="local")
    with T.attr(T.comm_reducer(lambda a, b: T.max(a, b), [T.float32(-3.4e38)]), "reduce_scope", T.reinterpret("handle", T.uint64(0))):
        T.tvm_thread_allreduce(T.uint32(1), A[2], A[1] < T.float32(0), red[0], T.int32(0))
    B[0] = red[0]
''',
                [([1.0, 2.0, 3.0, 4.0], "float32"), ([0.0], "float32")],
            ),
        ],
    ),
    "attributes": (
        "T.attr as a statement and in a with, T.target in function attributes.",
        [
            case(
                '''
@T.prim_func
def attr_statement(A: T.Buffer((8,), "float32")):
    T.attr({"pragma_foo": 1})
    for i in range(8):
        A[i] = A[i] + T.float32(1)
''',
                [([float(i) for i in range(8)], "float32")],
            ),
            case(
                '''
@T.prim_func
def attr_with(A: T.Buffer((8,), "float32")):
    with T.attr(0, "pragma_foo", 1):
        A[0] = A[0] + T.float32(1)
    T.attr({"pragma_bar": 2})
    A[1] = T.float32(1)
''',
                [([float(i) for i in range(8)], "float32")],
            ),
            case(
                '''
@T.prim_func
def with_target(A: T.Buffer((8,), "float32")):
    T.func_attr({"target": T.target({"kind": "llvm", "tag": "", "keys": ["cpu"]}), "tirx.noalias": True})
    for i in range(8):
        A[i] = A[i] * T.float32(2)
''',
                [([float(i) for i in range(8)], "float32")],
            ),
            case(
                '''
@T.prim_func(private=True)
def private_kernel(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = T.float32(1)
''',
            ),
        ],
    ),
}


def main():
    for group, (doc, cases) in GROUPS.items():
        out = [
            f"# TVM 0.27.0.post1 reference cases ({group}), generated by generate.py; do not edit.",
            "# test: identical",
            "# " + doc.replace("\n", "\n# "),
        ]
        for c in cases:
            out.append("")
            out.append(render(c).rstrip())
            out.append("")
            out.append("# -----")
        text = "\n".join(out[:-1]).rstrip() + "\n"
        with open(os.path.join(HERE, f"{group}.py"), "w") as f:
            f.write(text)
        print(group, len(cases))


if __name__ == "__main__":
    main()
