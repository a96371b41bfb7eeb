# TVM 0.27's own tuning (MetaSchedule) of the benchmark kernels, for the side-by-side figures of
# `strata tune` (issue 14): for each kernel, TVM's untuned build, MetaSchedule's best after N
# trials, the margin between them and the wall time it took. Not run by `cargo test`.
#
#   python3 -m venv venv && venv/bin/pip install apache-tvm==0.27.0.post1 \
#       apache-tvm-ffi==0.1.14.post1 numpy psutil xgboost cloudpickle tornado
#   TVM_NUM_THREADS=1 venv/bin/python benches/tvm/metaschedule.py [--trials 64] [KERNEL ..]
#
# apache-tvm-ffi must be 0.1.14: with 0.1.15 (what pip picks by default) MetaSchedule crashes
# in TuneContextInitialize / ToJSONGraph (an ABI change of tvm_ffi's JSON functions).
import argparse
import os
import statistics
import tempfile
import time

import numpy as np
import tvm
from tvm.s_tir import meta_schedule as ms

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "..", "..", "jit-tests", "tir", "script")


def load(name):
    with open(os.path.join(SCRIPTS, name + ".py")) as f:
        func = tvm.script.from_source(f.read())
    return tvm.IRModule({"main": func.with_attr("global_symbol", "main")})


def args_for(func):
    rng = np.random.default_rng(0)
    out = []
    for p in func.params:  # 0.27: a parameter is its buffer
        shape = [int(d) for d in p.shape]
        out.append(tvm.runtime.tensor(rng.uniform(-1, 1, shape).astype(str(p.dtype))))
    return out


def time_ms(lib, func):
    args = args_for(func)
    f = lib.mod.time_evaluator("main", tvm.cpu(), number=3, repeat=7, min_repeat_ms=50)
    return statistics.median(f(*args).results) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=64)
    ap.add_argument("--trace", action="store_true", help="print the best schedule's trace")
    ap.add_argument("kernels", nargs="*", default=["conv2d", "softmax", "matmul512"])
    a = ap.parse_args()
    cores = int(os.environ.get("TVM_NUM_THREADS", "1"))
    target = tvm.target.Target({"kind": "llvm", "num-cores": cores})
    for name in a.kernels:
        mod = load(name)
        t0 = time.time()
        untuned = tvm.compile(mod, target=target)
        compile_s = time.time() - t0
        base = time_ms(untuned, mod["main"])
        with tempfile.TemporaryDirectory() as work:
            t0 = time.time()
            db = ms.tune_tir(mod, target, work_dir=work, max_trials_global=a.trials,
                             num_trials_per_iter=16, num_tuning_cores=cores)
            tune_s = time.time() - t0
            sch = ms.tir_integration.compile_tir(db, mod, target)
        tuned = tvm.compile(sch.mod, target=target)
        best = time_ms(tuned, mod["main"])
        print("%-10s untuned %9.3f ms (compile %.2f s); MetaSchedule %d trials in %.0f s: %9.3f ms; margin %.2fx"
              % (name, base, compile_s, a.trials, tune_s, best, base / best), flush=True)
        if a.trace:
            print(sch.trace, flush=True)


if __name__ == "__main__":
    main()
