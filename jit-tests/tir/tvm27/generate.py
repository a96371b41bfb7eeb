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


def case(src, args=None, note=""):
    return {"src": src, "args": args, "note": note}


def render(c):
    func = tvm.script.from_source(c["src"])
    text = func.script().rstrip() + "\n"
    lines = []
    if c["note"]:
        lines += ["# " + l for l in c["note"].splitlines()]
    body = [l for l in text.splitlines() if not l.startswith("# from")]
    lines += ["# from tvm.script import tirx as T", "# from tvm.tirx.layout import Axis"] + body
    if c["args"] is not None:
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
