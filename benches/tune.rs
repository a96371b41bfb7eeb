//! Tuning throughput and results (`cargo bench --bench tune`):
//! 1. the tile-size sweep of `../shared/tir-examples/README.md`'s matmul schedule at 256
//!    (i1 in {1,2,4,8,16} x j1 in {4,8,16,32,64} x k1 in {1,4}: 50 variants) through the tuner:
//!    variants compiled, checked and timed per second end to end (stored TVM figure for its
//!    hand loop on this machine: 11-13 variants/s, best 37-38 GFLOP/s);
//! 2. the built-in space on the naive matmul 512 for a fixed number of trials.

use std::time::Duration;

use strata::engine::TimeOptions;
use strata::tir::schedule::{Factor, Schedule, ScheduleError};
use strata::tune::Tuner;

const MATMUL256: &str = include_str!("../jit-tests/tir/script/matmul256.py");
const MATMUL512: &str = include_str!("../jit-tests/tir/script/matmul512.py");

/// The README schedule with tiles from the sweep (the variant is a sampled decision).
fn sweep_template(sch: &mut Schedule) -> Result<(), ScheduleError> {
    let variants: Vec<i64> = (0..50).collect();
    let v = sch.sample_categorical(&variants, &[1.0; 50], None)?;
    let k = sch.get(v)? as usize;
    let (i1, j1, k1) = ([1, 2, 4, 8, 16][k / 10], [4, 8, 16, 32, 64][(k / 2) % 5], [1, 4][k % 2]);
    let b0 = sch.get_block("C")?;
    let l = sch.get_loops(b0)?;
    let i = sch.split_by(l[0], &[Factor::Inferred, Factor::Const(i1)])?;
    let j = sch.split_by(l[1], &[Factor::Inferred, Factor::Const(j1)])?;
    let kk = sch.split_by(l[2], &[Factor::Inferred, Factor::Const(k1)])?;
    sch.reorder(&[i[0], j[0], kk[0], kk[1], i[1], j[1]])?;
    let cw = sch.cache_write(b0, 0, "local")?;
    sch.reverse_compute_at(cw, j[0])?;
    let f = sch.fuse(&[i[0], j[0]])?;
    sch.parallel(f)?;
    sch.unroll(kk[1])?;
    sch.vectorize(j[1])?;
    let cl = sch.get_loops(cw)?;
    if let Some(&last) = cl.last() {
        sch.vectorize(last)?;
    }
    sch.decompose_reduction(b0, kk[0])?;
    Ok(())
}

fn gflops(n: f64, t: Duration) -> f64 {
    2.0 * n.powi(3) / t.as_secs_f64() / 1e9
}

fn main() {
    let f = strata::tir::parse_script(MATMUL256).expect("parses").funcs.remove(0);
    println!("== the README tile sweep at 256 through the tuner (50 variants, 1 thread per kernel) ==");
    let quick = TimeOptions { number: 1, repeat: 2, min_repeat_ms: 0, warmup: 0, flush_cache: false };
    let r = Tuner::new(f).template(sweep_template).trials(50).seed(1).time_options(quick).run().expect("tunes");
    let measured = r.records.iter().filter(|x| x.measured()).count();
    let best = r.best.expect("a best variant");
    println!(
        "{measured} variants in {:.2} s: {:.1} variants/s (stored TVM hand loop: 11-13/s); best {:.3} ms = {:.1} GFLOP/s (stored TVM: 37-38); unscheduled {:.3} ms",
        r.elapsed.as_secs_f64(),
        measured as f64 / r.elapsed.as_secs_f64(),
        best.time.median.as_secs_f64() * 1e3,
        gflops(256.0, best.time.median),
        r.baseline.median.as_secs_f64() * 1e3
    );

    println!("\n== the built-in space on the naive matmul 512 (1 thread per kernel) ==");
    let f = strata::tir::parse_script(MATMUL512).expect("parses").funcs.remove(0);
    let trials = std::env::var("STRATA_TUNE_TRIALS").ok().and_then(|s| s.parse().ok()).unwrap_or(64);
    let r = Tuner::new(f).trials(trials).seed(1).run().expect("tunes");
    let measured = r.records.iter().filter(|x| x.measured()).count();
    let best = r.best.expect("a best candidate");
    println!(
        "{measured} candidates in {:.1} s; best {:.3} ms = {:.1} GFLOP/s (target >= 30; the README schedule ~19); unscheduled {:.1} ms = {:.2} GFLOP/s",
        r.elapsed.as_secs_f64(),
        best.time.median.as_secs_f64() * 1e3,
        gflops(512.0, best.time.median),
        r.baseline.median.as_secs_f64() * 1e3,
        gflops(512.0, r.baseline.median)
    );
    println!("{}", best.trace);
}
