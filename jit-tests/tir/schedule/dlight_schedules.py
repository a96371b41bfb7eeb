# DLight's schedules (TVM's rule-based default schedules) of the functions Relax legalizes from
# small models, applied in TVM 0.27 and replayed in Strata (not run by `cargo test`; needs the
# venv of generate.py and a release build):
#   venv/bin/python jit-tests/tir/schedule/dlight_schedules.py OUT [TARGET]
# TARGET is "cuda" (the GPU rules, by default) or "llvm" (the CPU rules); no GPU is needed, the
# rules only read the target. Each function a rule schedules goes to OUT/NAME.kernel.py, its
# trace to OUT/NAME.trace and TVM's print of the result to OUT/NAME.tvm.py; then each trace is
# replayed with `target/release/strata schedule` and classified: same (TVM's text), DIFFERENT
# (Strata's print in OUT/NAME.strata.py) or STRATA-ERROR.
import os
import subprocess
import sys

import tvm
from tvm import relax, tirx
from tvm.relax.frontend import nn
from tvm.s_tir import dlight as dl

out = sys.argv[1]
target = tvm.target.Target(sys.argv[2] if len(sys.argv) > 2 else "cuda")
HERE = os.path.dirname(os.path.abspath(__file__))
STRATA = os.path.join(HERE, "..", "..", "..", "target", "release", "strata")
os.makedirs(out, exist_ok=True)


class Mlp(nn.Module):
    def __init__(self, d, h, o):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.norm = nn.LayerNorm(h)
        self.fc2 = nn.Linear(h, o)

    def forward(self, x):
        return self.fc2(self.norm(nn.op.relu(self.fc1(x))))


class RmsSoftmax(nn.Module):
    def __init__(self, d, h, o):
        super().__init__()
        self.fc1 = nn.Linear(d, h, bias=False)
        self.norm = nn.RMSNorm(h, axes=-1, bias=False)
        self.fc2 = nn.Linear(h, o)

    def forward(self, x):
        return self.fc2(nn.op.softmax(self.norm(self.fc1(x)), axis=-1))


class Attention(nn.Module):
    def forward(self, q, k, v):
        s = nn.op.matmul(q, nn.op.permute_dims(k, [0, 1, 3, 2]))
        return nn.op.matmul(nn.op.softmax(s * 0.125, axis=-1), v)


class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(1000, 64)
        self.gn = nn.GroupNorm(4, 64)

    def forward(self, ids, x):
        y = self.gn(x)
        return self.emb(ids), nn.op.sum(y, axis=[2, 3]), nn.op.max(y, axis=1), nn.op.reshape(y, (2, 64, 64))


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(16, 32, 3, padding=1)

    def forward(self, x):
        return nn.op.silu(self.conv(x))


class Decode(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter((1024, 512), "float16")

    def forward(self, x):
        return nn.op.matmul(x, nn.op.permute_dims(self.w, [1, 0]))


def t(shape, dtype="float32"):
    return nn.spec.Tensor(shape, dtype)


MODELS = [
    ("mlp1", Mlp(768, 768, 256), {"x": t((1, 768))}),
    ("mlp4", Mlp(768, 768, 256), {"x": t((4, 768))}),
    ("mlp64", Mlp(768, 768, 256), {"x": t((64, 768))}),
    ("mlp_odd", Mlp(100, 60, 30), {"x": t((7, 100))}),
    ("mlp_dyn", Mlp(128, 256, 64), {"x": t(("n", 128))}),
    ("rms", RmsSoftmax(256, 512, 128), {"x": t((2, 32, 256))}),
    ("rms1", RmsSoftmax(256, 512, 128), {"x": t((1, 1, 256))}),
    ("rms_dyn", RmsSoftmax(64, 128, 32), {"x": t((1, "n", 64))}),
    ("attn", Attention(), {"q": t((1, 4, 32, 16)), "k": t((1, 4, 32, 16)), "v": t((1, 4, 32, 16))}),
    ("attn_dyn", Attention(), {"q": t((1, 4, "n", 16)), "k": t((1, 4, "n", 16)), "v": t((1, 4, "n", 16))}),
    ("mixed", Mixed(), {"ids": t((2, 8), "int32"), "x": t((2, 64, 8, 8))}),
    ("conv", Conv(), {"x": t((1, 16, 16, 16))}),
    ("decode", Decode(), {"x": t((1, 1, 512), "float16")}),
    ("decode4", Decode(), {"x": t((4, 1, 512), "float16")}),
]

if target.kind.name == "cuda":
    RULES = ["Matmul", "GEMV", "LowBatchGEMV", "Reduction", "GeneralReduction", "Transpose", "RMSNorm", "Fallback"]
    RULES = [(r, getattr(dl.gpu, r)()) for r in RULES]
else:
    RULES = [(r, getattr(dl.cpu, r)()) for r in ["GEMV", "Reduction"]]

cases = []
seen = set()
for mname, model, spec in MODELS:
    mod, _ = model.export_tvm({"forward": spec})
    with target:
        mod = relax.get_pipeline("zero")(mod)
    for gv, func in mod.functions_items():
        if not isinstance(func, tirx.PrimFunc):
            continue
        # The kernel as text, read back: what `strata schedule` reads (buffer names
        # sanitized as the printer writes them).
        src = tvm.IRModule({"main": func.with_attr("global_symbol", "main")})["main"].script()
        func = tvm.script.from_source(src)
        for rname, rule in RULES:
            if (src, rname) in seen:
                continue
            seen.add((src, rname))
            name = "%s_%s_%s" % (mname, gv.name_hint, rname)
            try:
                with target:
                    sch = rule.apply(func, target, False)
            except Exception as e:  # a rule that fails in TVM itself
                print(name, "TVM-ERROR", str(e).splitlines()[-1][:200])
                continue
            if sch is None:
                continue
            sch = sch[0] if isinstance(sch, list) else sch
            for ext, text in [("kernel.py", src), ("trace", str(sch.trace)), ("tvm.py", sch.mod["main"].script())]:
                with open(os.path.join(out, "%s.%s" % (name, ext)), "w") as f:
                    f.write(text + "\n")
            cases.append(name)

counts = {"same": 0, "DIFFERENT": 0, "STRATA-ERROR": 0}
for name in cases:
    base = os.path.join(out, name)
    run = subprocess.run([STRATA, "schedule", base + ".kernel.py", base + ".trace"], capture_output=True, text=True)
    if run.returncode != 0:
        verdict = "STRATA-ERROR"
        print(name, verdict, run.stderr.strip()[:300])
    else:
        with open(base + ".strata.py", "w") as f:
            f.write(run.stdout)
        with open(base + ".tvm.py") as f:
            verdict = "same" if f.read().rstrip() == run.stdout.rstrip() else "DIFFERENT"
        if verdict != "same":
            print(name, verdict)
    counts[verdict] += 1
print("%s: %d cases: %s" % (target.kind.name, len(cases), ", ".join("%d %s" % (n, k) for k, n in counts.items())))
