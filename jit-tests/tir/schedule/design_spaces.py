# MetaSchedule's design spaces (post-order-apply with the target's default rules, the schedules
# `ms.tune_tir` starts from and mutates) of the kernels in kernels/, sampled in TVM 0.27 with
# each seed, post-processed as a tuner measures them, and replayed in Strata (not run by
# `cargo test`; needs the venv of generate.py and a release build):
#   venv/bin/python jit-tests/tir/schedule/design_spaces.py OUT TARGET SEEDS [KERNEL.py ..]
# TARGET is "cuda" (an sm_86 GPU's rules: thread binding, shared and local caches, cooperative
# fetch; no GPU is needed, the rules only read the target) or "llvm" (2 cores: parallel,
# vectorize, unroll, rfactor). Each space goes to OUT/NAME.trace with its kernel's path in
# OUT/NAME.kernel and TVM's print in OUT/NAME.tvm.py; then each trace is replayed with
# `target/release/strata schedule` and classified: same (TVM's text), DIFFERENT (Strata's print
# in OUT/NAME.strata.py) or STRATA-ERROR. Each kernel runs in a forked process: TVM 0.27 crashes
# on some.
import glob
import os
import re
import subprocess
import sys

import tvm
from tvm.s_tir import meta_schedule as ms

out, target, seeds = sys.argv[1], sys.argv[2], int(sys.argv[3])
HERE = os.path.dirname(os.path.abspath(__file__))
STRATA = os.path.join(HERE, "..", "..", "..", "target", "release", "strata")
kernels = sys.argv[4:] or [
    k for k in sorted(glob.glob(os.path.join(HERE, "kernels", "*.py")))
    if len(re.findall(r"^(?:    )?def ", open(k).read(), re.M)) == 1
]
os.makedirs(out, exist_ok=True)
if target == "cuda":
    tgt = tvm.target.Target({"kind": "cuda", "arch": "sm_86", "max_threads_per_block": 1024,
                             "max_shared_memory_per_block": 49152, "thread_warp_size": 32,
                             "registers_per_block": 65536, "max_num_threads": 1024})
else:
    tgt = tvm.target.Target({"kind": "llvm", "num-cores": 2})

for k in kernels:
    try:
        func = tvm.script.from_source(open(k).read())
    except Exception as e:
        print(os.path.basename(k), "TVM-PARSE-ERROR", str(e).splitlines()[-1][:200])
        continue
    if isinstance(func, tvm.IRModule):
        continue
    mod = tvm.IRModule({"main": func})
    for seed in range(1, seeds + 1):
        if os.fork() == 0:
            try:
                ctx = ms.TuneContext(mod=mod, target=tgt, space_generator="post-order-apply",
                                     search_strategy="replay-trace", task_name="t", rand_state=seed)
                for i, sch in enumerate(ctx.generate_design_space()):
                    sch = sch.copy()
                    if not all(p.apply(sch) for p in ctx.space_generator.postprocs):
                        continue
                    name = "%s_%d_%d" % (os.path.basename(k)[:-3], seed, i)
                    for ext, text in [("kernel", k), ("trace", str(sch.trace)), ("tvm.py", sch.mod["main"].script())]:
                        with open(os.path.join(out, "%s.%s" % (name, ext)), "w") as f:
                            f.write(text + "\n")
            except Exception as e:
                print(os.path.basename(k), "TVM-ERROR", str(e).strip().splitlines()[-1][:200])
            os._exit(0)
        os.wait()

counts = {"same": 0, "DIFFERENT": 0, "STRATA-ERROR": 0}
for trace in sorted(glob.glob(os.path.join(out, "*.trace"))):
    base = trace[: -len(".trace")]
    kernel = open(base + ".kernel").read().strip()
    fname = re.search(r"^\s*def (\w+)", open(kernel).read(), re.M).group(1)
    run = subprocess.run([STRATA, "schedule", kernel, trace], capture_output=True, text=True)
    if run.returncode != 0:
        verdict = "STRATA-ERROR"
        print(os.path.basename(base), verdict, run.stderr.strip()[:300])
    else:
        with open(base + ".strata.py", "w") as f:
            f.write(run.stdout)
        with open(base + ".tvm.py") as f:
            want = f.read().replace("def main(", "def %s(" % fname, 1)
        verdict = "same" if want.rstrip() == run.stdout.rstrip() else "DIFFERENT"
        if verdict != "same":
            print(os.path.basename(base), verdict)
    counts[verdict] += 1
print("%s: %d spaces: %s" % (target, sum(counts.values()), ", ".join("%d %s" % (n, c) for c, n in counts.items())))
