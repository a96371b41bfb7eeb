# Random schedules applied in TVM 0.27 and replayed in Strata, to find where Strata's result
# differs from TVM's (not run by `cargo test`; needs the venv of generate.py and a release build):
#   venv/bin/python jit-tests/tir/schedule/random_schedules.py OUT SEED COUNT [KERNEL.py ..]
# Each case: up to five primitives drawn on a kernel of kernels/ (or those given), written as
# the Python a TVM user writes (blocks by name, loops by index); the steps TVM accepts go to
# OUT/cNNN.sched with TVM's print of the result, a step it refuses to OUT/cNNN.fail. Then each
# case is replayed with `target/release/strata schedule` and classified: ok (TVM's text),
# DIFFERENT, STRATA-ERROR (a step TVM took), STRATA-ACCEPTS-TVM-FAIL (the step TVM refused).
# Each case runs in a forked process: TVM 0.27 crashes on some schedules.
import glob, os, random, re, subprocess, sys

import tvm
from tvm.script import tirx as T
out, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
HERE = os.path.dirname(os.path.abspath(__file__))
STRATA = os.path.join(HERE, "..", "..", "..", "target", "release", "strata")
kernels = sys.argv[4:] or [
    k for k in sorted(glob.glob(os.path.join(HERE, "kernels", "*.py")))
    if len(re.findall(r"^(?:    )?def ", open(k).read(), re.M)) == 1
]
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)

def blocks(sch):
    return [x for x in re.findall(r'T\.sblock\("([^"]+)"', sch.mod["main"].script()) if x != "root"]

def ext(sch, l):
    e = sch.get(l).extent
    return int(e) if isinstance(e, tvm.tirx.IntImm) else None

def step(sch):
    bs = blocks(sch)
    if not bs: return None
    b = rng.choice(bs)
    loops = sch.get_loops(b)
    n = len(loops)
    kind = rng.choice(["split", "split", "split", "fuse", "reorder", "compute_at", "reverse_compute_at",
                       "compute_inline", "reverse_compute_inline", "cache_read", "cache_write",
                       "parallel", "vectorize", "unroll", "decompose_reduction", "rfactor", "blockize",
                       "compute_at", "reverse_compute_at", "storage_align", "set_scope", "transform_layout",
                       "reindex", "pad_einsum", "decompose_padding", "annotate"])
    L = lambda k: 'sch.get_loops("%s")[%d]' % (b, k)
    if kind in ("split",) and n:
        k = rng.randrange(n); e = ext(sch, loops[k])
        f = rng.choice([2, 3, 4, 5, 7, 8, 16, 32])
        if e is not None and rng.random() < 0.3 and e > 1:
            g = rng.choice([d for d in range(1, e + 1) if e % d == 0])
            return 'sch.split(%s, factors=[%s, %d])' % (L(k), "None", g)
        if rng.random() < 0.2:
            return 'sch.split(%s, factors=[None, %d, %d])' % (L(k), f, rng.choice([2, 4]))
        return 'sch.split(%s, factors=%s)' % (L(k), rng.choice(["[None, %d]" % f, "[%d, None]" % f]))
    if kind == "fuse" and n >= 2:
        a = rng.randrange(n - 1); c = rng.randrange(a + 1, min(n, a + 3))
        return 'sch.fuse(%s)' % ", ".join(L(x) for x in range(a, c + 1))
    if kind == "reorder" and n >= 2:
        idx = rng.sample(range(n), rng.randrange(2, n + 1))
        return 'sch.reorder(%s)' % ", ".join(L(x) for x in idx)
    if kind in ("compute_at", "reverse_compute_at"):
        others = [o for o in bs if o != b and sch.get_loops(o)]
        if not others: return None
        o = rng.choice(others); ol = sch.get_loops(o)
        k = rng.randrange(len(ol))
        extra = rng.choice(["", "", ", preserve_unit_loops=True"])
        return 'sch.%s("%s", sch.get_loops("%s")[%d]%s)' % (kind, b, o, k, extra)
    if kind in ("compute_inline", "reverse_compute_inline"):
        return 'sch.%s("%s")' % (kind, b)
    if kind in ("cache_read", "cache_write"):
        blk = sch.get(sch.get_sblock(b))
        m = len(blk.reads if kind == "cache_read" else blk.writes)
        if m == 0: return None
        return 'sch.%s("%s", %d, "%s")' % (kind, b, rng.randrange(m), rng.choice(["global", "local"]))
    if kind in ("parallel", "vectorize", "unroll") and n:
        return 'sch.%s(%s)' % (kind, L(rng.randrange(n)))
    if kind == "annotate" and n:
        return 'sch.annotate(%s, "pragma_auto_unroll_max_step", %d)' % (L(rng.randrange(n)), rng.choice([16, 64]))
    if kind in ("decompose_reduction", "rfactor", "blockize") and n:
        k = rng.randrange(n)
        if kind == "decompose_reduction": return 'sch.decompose_reduction("%s", %s)' % (b, L(k))
        if kind == "rfactor": return 'sch.rfactor(%s, %d)' % (L(k), rng.choice([0, 0, 1]))
        return 'sch.blockize(%s)' % L(k)
    if kind == "decompose_padding" and n:
        return 'sch.decompose_padding("%s", %s)' % (b, L(rng.randrange(n)))
    if kind in ("storage_align", "set_scope"):
        blk = sch.get(sch.get_sblock(b))
        if not blk.writes: return None
        nd = len(blk.writes[0].buffer.shape)
        if kind == "set_scope": return 'sch.set_scope("%s", 0, "%s")' % (b, rng.choice(["local", "shared", "global"]))
        return 'sch.storage_align("%s", 0, %d, %d, %d)' % (b, rng.randrange(nd), rng.choice([16, 32, 128]), rng.choice([1, 8]))
    if kind == "transform_layout":
        blk = sch.get(sch.get_sblock(b))
        which = rng.choice(["read", "write"])
        regs = blk.reads if which == "read" else blk.writes
        if not regs: return None
        i = rng.randrange(len(regs)); nd = len(regs[i].buffer.shape)
        vs = ["v%d" % x for x in range(nd)]
        opts = ["[%s]" % ", ".join(reversed(vs))]
        f = rng.choice([2, 4, 8, 16])
        opts.append("[%s]" % ", ".join(vs[:-1] + ["%s // %d" % (vs[-1], f), "%s %% %d" % (vs[-1], f)]))
        if nd >= 2:
            opts.append("[%s]" % ", ".join(vs[:-2] + ["%s * %s + %s" % (vs[-2], regs[i].buffer.shape[-1], vs[-1])]))
        pad = rng.choice(["", "", ", pad_value=0.0"])
        return 'sch.transform_layout("%s", ("%s", %d), lambda %s: %s%s)' % (b, which, i, ", ".join(vs), rng.choice(opts), pad)
    if kind == "reindex":
        return 'sch.reindex("%s", ("%s", 0))' % (b, rng.choice(["read", "write"]))
    if kind == "pad_einsum" and n:
        return 'sch.pad_einsum("%s", [%s])' % (b, ", ".join(str(rng.choice([1, 1, 2, 4, 8])) for _ in range(n)))
    return None

def one(case):
    global rng
    rng = random.Random(seed * 100000 + case)
    kpath = rng.choice(kernels)
    src = open(kpath).read()
    func = tvm.script.from_source(src)
    sch = tvm.s_tir.Schedule(func, seed=7)
    lines = []
    nsteps = rng.randrange(1, 6)
    failed = None
    name = "c%07d" % (seed * 100000 + case)
    with open(os.path.join(out, name + ".kernel"), "w") as f: f.write(kpath + "\n")
    for _ in range(nsteps * 3):
        if len(lines) >= nsteps: break
        try:
            s = step(sch)
        except Exception as e:
            s = None
        if s is None: continue
        with open(os.path.join(out, name + ".sched"), "w") as f: f.write("\n".join(lines + [s]) + "\n")
        try:
            exec(s, {"sch": sch})
            lines.append(s)
        except Exception as e:
            msg = str(e).strip().splitlines()
            failed = (s, msg[-1][:300] if msg else "")
            break
    with open(os.path.join(out, name + ".sched"), "w") as f: f.write("\n".join(lines) + "\n")
    if failed:
        with open(os.path.join(out, name + ".fail"), "w") as f: f.write(failed[0] + "\n" + failed[1] + "\n")
    text = sch.mod["main"].script()
    with open(os.path.join(out, name + ".tvm.py"), "w") as f: f.write(text + "\n")

for case in range(count):
    pid = os.fork()
    if pid == 0:
        try:
            one(case)
        except Exception:
            pass
        os._exit(0)
    _, st = os.waitpid(pid, 0)
    if st != 0:
        print("crash", case)


def text(path):
    return [l for l in open(path).read().splitlines() if l.strip() and not l.startswith("# from")]


counts = {}
for case in range(count):
    c = os.path.join(out, "c%07d" % (seed * 100000 + case))
    if not os.path.exists(c + ".tvm.py"):
        continue
    kpath = open(c + ".kernel").read().strip()
    name = re.search(r"^\s*def (\w+)\(", open(kpath).read(), re.M).group(1)
    tvm_text = [l.replace("def main(", "def %s(" % name, 1) for l in text(c + ".tvm.py")]
    run = subprocess.run([STRATA, "schedule", kpath, c + ".sched"], capture_output=True, text=True)
    if run.returncode != 0:
        verdict = "STRATA-ERROR " + run.stderr.strip().splitlines()[-1][:200]
    elif [l for l in run.stdout.splitlines() if l.strip() and not l.startswith("# from")] != tvm_text:
        verdict = "DIFFERENT"
    elif os.path.exists(c + ".fail"):
        step, why = open(c + ".fail").read().split("\n", 1)
        with open(c + ".full", "w") as f:
            f.write(open(c + ".sched").read() + step + "\n")
        again = subprocess.run([STRATA, "schedule", kpath, c + ".full"], capture_output=True, text=True)
        verdict = "STRATA-ACCEPTS-TVM-FAIL " + why.strip()[:200] if again.returncode == 0 else "ok"
    else:
        verdict = "ok"
    counts[verdict.split()[0]] = counts.get(verdict.split()[0], 0) + 1
    print(os.path.basename(c), verdict)
print(counts)
