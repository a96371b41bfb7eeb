//! The tuner (`strata::tune`): the built-in space on a small matmul, determinism for a seed,
//! failing candidates recorded and skipped, and the JSON-lines log. No timed assertions.

use strata::engine::TimeOptions;
use strata::tir::schedule::Schedule;
use strata::tune::Tuner;

const MATMUL: &str = r#"
@T.prim_func(s_tir=True)
def mm(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

fn func() -> strata::tir::ast::PrimFunc {
    strata::tir::parse_script(MATMUL).unwrap().funcs.remove(0)
}

fn quick() -> TimeOptions {
    TimeOptions { number: 1, repeat: 1, min_repeat_ms: 0, warmup: 0, flush_cache: false }
}

#[test]
fn the_built_in_space_finds_a_correct_kernel_and_logs_every_candidate() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("tune.jsonl");
    let r = Tuner::new(func()).trials(12).seed(3).threads(2).time_options(quick()).log(&log).run().unwrap();
    let measured: Vec<_> = r.records.iter().filter(|x| x.measured()).collect();
    assert_eq!(measured.len(), 12, "{:?}", r.records.iter().map(|x| x.status().to_string()).collect::<Vec<_>>());
    let best = r.best.expect("a best candidate");
    // The best was checked against the unscheduled function; its trace replays to it.
    let again = Schedule::replay(func(), &best.trace).unwrap();
    let print = strata::tir::script::print_func;
    assert_eq!(print(again.func()), print(&best.func));
    assert!(best.trace.contains("sch.cache_write") && best.trace.contains("sch.parallel"), "{}", best.trace);
    // One JSON object per candidate.
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), r.records.len());
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["workload"].is_string() && v["trace"].is_string() && v["decisions"].is_array(), "{line}");
        assert!(v["status"] != "ok" || v["time_ms"]["median"].is_f64(), "{line}");
    }
}

#[test]
fn a_module_and_a_function_name_make_a_tuner_on_one_or_two_threads() {
    // The issue's shape: `Tuner::from_module(&module, "mm")`; candidates timed on two threads
    // (an engine of two) compile before they are timed and are as correct.
    let module = strata::tir::parse_script(MATMUL).unwrap();
    let two = strata::Engine::new(strata::Options { threads: 2, ..strata::Options::default() }).unwrap();
    let r = Tuner::from_module(&module, "mm").unwrap().engine(two).trials(3).seed(1).time_options(quick()).run();
    let r = r.unwrap();
    assert_eq!(r.records.iter().filter(|x| x.measured()).count(), 3);
    let e = Tuner::from_module(&module, "main").err().expect("no function main").to_string();
    assert_eq!(e, "the module has no function named main (it has: mm)");
}

#[test]
fn tuning_is_deterministic_for_a_seed() {
    // The random phase (the first batch: 2 per compile thread) depends on the seed only; the
    // evolution after it also on the measured times.
    let traces = |seed| {
        let r = Tuner::new(func()).trials(4).seed(seed).threads(2).time_options(quick()).run().unwrap();
        r.records.iter().map(|x| x.trace().to_string()).collect::<Vec<_>>()
    };
    assert_eq!(traces(5), traces(5));
    assert_ne!(traces(5), traces(6));
}

#[test]
fn failing_candidates_are_recorded_and_skipped() {
    // A template whose every schedule fails: no best, no error.
    let r = Tuner::new(func())
        .template(|sch| {
            let c = sch.get_block("C")?;
            let l = sch.get_loops(c)?;
            sch.split(l[0], &[Some(3), Some(3)])?;
            Ok(())
        })
        .trials(4)
        .time_options(quick())
        .run()
        .unwrap();
    assert!(r.best.is_none());
    assert!(!r.records.is_empty());
    assert!(
        r.records.iter().all(|x| x.status().starts_with("schedule error: split: The product of factors")),
        "{:?}",
        r.records.iter().map(|x| x.status().to_string()).collect::<Vec<_>>()
    );
    // A candidate that runs too long is interrupted and recorded as timed out (a split whose
    // product is 2^24 times the extent: valid, and absurdly slow).
    let r = Tuner::new(func())
        .template(|sch| {
            let c = sch.get_block("C")?;
            let l = sch.get_loops(c)?;
            sch.split(l[0], &[Some(1 << 24), None])?;
            Ok(())
        })
        .trials(1)
        .time_options(quick())
        .timeout(std::time::Duration::from_millis(100))
        .run()
        .unwrap();
    assert!(r.best.is_none());
    assert!(
        r.records.iter().all(|x| x.status() == "timeout: longer than 100ms"),
        "{:?}",
        r.records.iter().map(|x| x.status().to_string()).collect::<Vec<_>>()
    );
    // A parameter that is not a buffer stops the run with a clear error.
    let scalar = strata::tir::parse_script(
        "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\"), n: T.int32):\n    for i in range(4):\n        A[i] = T.float32(1)\n",
    )
    .unwrap()
    .funcs
    .remove(0);
    let e = Tuner::new(scalar).trials(1).run().err().expect("refused").to_string();
    assert_eq!(e, "parameter 'n' is not a buffer: the tuner needs buffers only");
}

/// A time limit stops the run with what it found; the progress callback hears of every
/// candidate; the plot of the run is an SVG with both panels.
#[test]
fn a_time_limit_stops_the_run_and_progress_and_plots_follow_it() {
    use std::sync::{Arc, Mutex};
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let r = Tuner::new(func())
        .trials(100_000)
        .threads(1)
        .time_options(quick())
        .time_limit(std::time::Duration::from_millis(300))
        .on_progress(move |p| s.lock().unwrap().push((p.tried, p.measured, p.trials)))
        .run()
        .unwrap();
    let measured = r.records.iter().filter(|x| x.measured()).count();
    assert!(measured < 100_000 && measured > 0, "{measured}");
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), r.records.len());
    assert_eq!(seen.last().copied(), Some((r.records.len(), measured, 100_000)));
    // Every record says when it was made, in order.
    let times: Vec<f64> = r.records.iter().map(|x| x.elapsed_s().expect("stamped")).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune-plot");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("tune.svg");
    strata::tune::plot_svg(&svg, &r.records, r.baseline.median.as_secs_f64() * 1e3).unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..text.len().min(80)]);
    assert!(text.contains("best so far vs candidates measured") && text.contains("best so far vs wall time (s)"));
    assert_eq!(strata::tune::plot_svg(&svg, &[], 1.0).unwrap_err(), "no measured candidate to plot");
}

// Every candidate of the built-in space schedules, lowers, compiles and computes what the
// unscheduled function computes (the tuner checks each against it): both structures, the
// register tile (rows unrolled, a vectorized row, promoted across the reduction; matmul's B
// packed or not) and the wide accumulator, on a matmul and on a softmax's row reductions (a
// reduction over a vectorized gather, inside unrolled loops, or factored into vectors of
// partial results).
#[test]
fn every_candidate_of_the_space_is_correct() {
    const SOFTMAX_MAX: &str = r#"
@T.prim_func(s_tir=True)
def rowmax(A: T.Buffer((128, 64), "float32"), M: T.Buffer((128,), "float32")):
    for i, k in T.grid(128, 64):
        with T.sblock("maxelem"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                M[vi] = T.float32(-3.4028234663852886e+38)
            M[vi] = T.max(M[vi], A[vi, vk])
"#;
    let rowmax = strata::tir::parse_script(SOFTMAX_MAX).unwrap().funcs.remove(0);
    for (name, f, trials) in [("matmul", func(), 40), ("rowmax", rowmax, 40)] {
        let r = Tuner::new(f).trials(trials).seed(11).threads(2).time_options(quick()).run().unwrap();
        let bad: Vec<String> = r.records.iter().filter(|x| !x.measured()).map(|x| x.status().to_string()).collect();
        assert!(bad.is_empty(), "{name}: {bad:?}");
        let tiles = r.records.iter().filter(|x| x.trace().contains("sch.unroll")).count();
        assert!(name != "matmul" || tiles > 0, "{name}: no register tile was tried");
        // MetaSchedule's SSRSRS tiling, with its "global" accumulator.
        let multi_level = r.records.iter().filter(|x| x.trace().contains("storage_scope=\"global\"")).count();
        assert!(multi_level > 0, "{name}: no multi-level tiling was tried");
        // B (read again for every row of C) packed as (j // t, k, j % t) under a register tile;
        // a row of the softmax is read once, so nothing there is packed.
        let packed =
            r.records.iter().filter(|x| x.trace().contains("sch.cache_read(block=b0, read_buffer_index=1")).count();
        assert_eq!(packed > 0, name == "matmul", "{name}: {packed} candidates packed");
        // MetaSchedule's AddRFactor: a row reduction (every read indexed by its row) is
        // factored into vectors of partial results in some candidates; matmul (reads reused
        // across rows and columns) never is.
        let factored = r.records.iter().filter(|x| x.trace().contains("sch.rfactor(loop=")).count();
        assert_eq!(factored > 0 && factored < r.records.len(), name == "rowmax", "{name}: {factored} factored");
    }
}

// A whole reduction to one value: MetaSchedule's AddRFactor gives vectors of partial sums
// (the tuner checks each candidate's sum against the unscheduled one's); its space is a few
// dozen candidates, and a run asking for far more ends when draws stop giving new ones
// instead of drawing until its attempts or time run out.
#[test]
fn a_whole_reduction_is_factored_and_an_exhausted_space_ends_the_run() {
    const SUM: &str = r#"
@T.prim_func(s_tir=True)
def vsum(A: T.Buffer((4096,), "float32"), S: T.Buffer((1,), "float32")):
    for k in range(4096):
        with T.sblock("S"):
            vk = T.axis.reduce(4096, k)
            with T.init():
                S[0] = T.float32(0.0)
            S[0] = S[0] + A[vk]
"#;
    let f = strata::tir::parse_script(SUM).unwrap().funcs.remove(0);
    let r = Tuner::new(f).trials(100_000).seed(5).threads(2).time_options(quick()).run().unwrap();
    assert!(r.records.iter().all(|x| x.measured()), "{:?}", r.records.iter().map(|x| x.status()).collect::<Vec<_>>());
    let factored = r.records.iter().filter(|x| x.trace().contains("sch.rfactor(loop=")).count();
    assert!(factored > 0 && r.records.len() < 200, "{factored} factored of {}", r.records.len());
}

// spec: MetaSchedule's AutoInline (CPU rules): elementwise intermediate stages are inlined into
// their readers before the blocks are tiled; padding (`T.if_then_else`) stays a stage.
#[test]
fn the_space_inlines_elementwise_stages_and_keeps_padding() {
    const SOFTMAX: &str = r#"
@T.prim_func(s_tir=True)
def softmax(A: T.Buffer((16, 64), "float32"), S: T.Buffer((16, 64), "float32")):
    M = T.sblock_alloc_buffer((16,))
    E = T.sblock_alloc_buffer((16, 64))
    Z = T.sblock_alloc_buffer((16,))
    for i, k in T.grid(16, 64):
        with T.sblock("maxelem"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                M[vi] = T.float32(-3.4028234663852886e+38)
            M[vi] = T.max(M[vi], A[vi, vk])
    for i, k in T.grid(16, 64):
        with T.sblock("exp"):
            vi, vk = T.axis.remap("SS", [i, k])
            E[vi, vk] = T.exp(A[vi, vk] - M[vi])
    for i, k in T.grid(16, 64):
        with T.sblock("expsum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                Z[vi] = T.float32(0.0)
            Z[vi] = Z[vi] + E[vi, vk]
    for i, k in T.grid(16, 64):
        with T.sblock("norm"):
            vi, vk = T.axis.remap("SS", [i, k])
            S[vi, vk] = E[vi, vk] / Z[vi]
"#;
    const PADDED: &str = r#"
@T.prim_func(s_tir=True)
def conv1d(X: T.Buffer((64,), "float32"), W: T.Buffer((3,), "float32"), Y: T.Buffer((64,), "float32")):
    P = T.sblock_alloc_buffer((66,))
    for i in range(66):
        with T.sblock("pad"):
            vi = T.axis.spatial(66, i)
            P[vi] = T.if_then_else(1 <= vi and vi < 65, X[vi - 1], T.float32(0.0))
    for i, r in T.grid(64, 3):
        with T.sblock("conv"):
            vi, vr = T.axis.remap("SR", [i, r])
            with T.init():
                Y[vi] = T.float32(0.0)
            Y[vi] = Y[vi] + P[vi + vr] * W[vr]
"#;
    let softmax = strata::tir::parse_script(SOFTMAX).unwrap().funcs.remove(0);
    let r = Tuner::new(softmax).trials(12).seed(2).threads(2).time_options(quick()).run().unwrap();
    let bad: Vec<String> = r.records.iter().filter(|x| !x.measured()).map(|x| x.status().to_string()).collect();
    assert!(bad.is_empty(), "{bad:?}");
    // A knob per inlinable stage: `exp` (and only `exp`) is inlined in some candidates, not in
    // others; every candidate computed the softmax (the tuner checks each).
    let inlined = |t: &str| {
        t.contains("sch.get_sblock(name=\"exp\", func_name=\"main\")\n  v1 = sch.sample_categorical(candidates=[0, 1], probs=[0.5, 0.5], decision=1)\n  sch.compute_inline(block=b0)")
    };
    let n = r.records.iter().filter(|x| inlined(x.trace())).count();
    assert!(n > 0 && n < r.records.len(), "{n} of {}", r.records.len());
    assert!(r.records.iter().all(|x| x.trace().matches("compute_inline").count() <= 1));
    let conv = strata::tir::parse_script(PADDED).unwrap().funcs.remove(0);
    let r = Tuner::new(conv).trials(16).seed(2).threads(2).time_options(quick()).run().unwrap();
    assert!(r.records.iter().all(|x| x.measured() && !x.trace().contains("compute_inline")));
    // MetaSchedule's RandomComputeLocation: the padding is computed under one of the
    // convolution's loops in some candidates (and vectorized there), a stage of its own in others.
    let moved = r.records.iter().filter(|x| x.trace().contains("sch.compute_at(block=")).count();
    assert!(moved > 0 && moved < r.records.len(), "{moved} of {}", r.records.len());
}

#[test]
fn flops_count_the_float_operations_as_tvm_estimates_them() {
    // spec: TVM's estimate_tir_flops (float + - * / min max, times the loops around them); the
    // tuner's GFLOP/s divide it by a median time.
    let read = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/script").join(name);
        strata::tir::parse_script(&std::fs::read_to_string(path).unwrap()).unwrap().funcs.remove(0)
    };
    let flops = strata::tir::flops::estimate;
    assert_eq!(flops(&read("matmul512.py")), Some(2 * 512 * 512 * 512));
    // The padding's select and comparisons are not float arithmetic: only the sum of products.
    assert_eq!(flops(&read("conv2d.py")), Some(2 * 64 * 56 * 56 * 64 * 3 * 3));
    // A scheduled kernel performs the same operations as the naive one.
    assert_eq!(flops(&read("matmul512_sched.py")), flops(&read("matmul512.py")));
    // Over a symbolic extent the count is unknown.
    // A bool output (a comparison) is made and checked too.
    let gt = "@T.prim_func(s_tir=True)\ndef gt(A: T.Buffer((256,), \"float32\"), B: T.Buffer((256,), \"float32\"), C: T.Buffer((256,), \"bool\")):\n    for i in range(256):\n        with T.sblock(\"C\"):\n            vi = T.axis.remap(\"S\", [i])\n            C[vi] = A[vi] > B[vi]\n";
    let f = strata::tir::parse_script(gt).unwrap().funcs.remove(0);
    let r = Tuner::new(f).trials(2).seed(2).threads(2).time_options(quick()).run().unwrap();
    assert_eq!(r.records.iter().filter(|x| x.measured()).count(), 2);
    let sym = strata::tir::parse_script(
        "@T.prim_func\ndef f(a: T.handle):\n    n = T.int32()\n    A = T.match_buffer(a, (n,))\n    for i in range(n):\n        A[i] = A[i] * T.float32(2)\n",
    )
    .unwrap();
    assert_eq!(flops(&sym.funcs[0]), None);
    // A nest deeper than the count walks (512 levels; built from Rust, past the reader's limit)
    // is unknown.
    let mut f = sym.funcs[0].clone();
    let one = strata::tir::ast::PrimExpr::int_of(1, strata::tir::DataType::INT32);
    let zero = strata::tir::ast::PrimExpr::int_of(0, strata::tir::DataType::INT32);
    let (mut body, mut loops) = (f.body.clone(), Vec::new());
    for k in 0..600 {
        let v = strata::tir::ast::Var::new(&format!("i{k}"), strata::tir::DataType::INT32);
        body = strata::tir::ast::Stmt::for_range(&v, zero.clone(), one.clone(), body);
        loops.push(v);
    }
    f.body = body;
    assert_eq!(flops(&f), None);
    f.body = strata::tir::ast::Stmt::for_range(&loops[0], zero, one, sym.funcs[0].body.clone());
    assert_eq!(flops(&f), None, "still symbolic inside");
}

#[test]
fn float16_and_bool_kernels_tune_and_symbolic_shapes_are_refused_with_the_reason() {
    // A Relax kernel's float16 buffers get inputs and are checked (within half precision's
    // tolerance); a symbolic shape gives the tuner no inputs to make.
    let f16 = MATMUL.replace("\"float32\"", "\"float16\"").replace("T.float32(0)", "T.float16(0)");
    let f = strata::tir::parse_script(&f16).unwrap().funcs.remove(0);
    let r = Tuner::new(f).trials(3).seed(2).threads(2).time_options(quick()).run().unwrap();
    let statuses: Vec<String> = r.records.iter().map(|x| x.status().to_string()).collect();
    assert_eq!(r.records.iter().filter(|x| x.measured()).count(), 3, "{statuses:?}");
    let sym = strata::tir::parse_script(
        "@T.prim_func\ndef f(a: T.handle):\n    n = T.int32()\n    A = T.match_buffer(a, (n,))\n    for i in range(n):\n        A[i] = A[i] * T.float32(2)\n",
    )
    .unwrap();
    let e = Tuner::new(sym.funcs[0].clone()).trials(1).run().err().expect("refused").to_string();
    assert_eq!(e, "buffer 'A' has a symbolic shape: the tuner needs static shapes to make its inputs");
}
