//! Where compile latency goes: the best of 20 runs of each phase of compiling a TVMScript file
//! (read and check, transform and lower to the core IR and verify it, code generation until
//! callable).
//!
//! ```sh
//! cargo run --release --example phase_times -- jit-tests/tir/script/matmul512_sched.py
//! ```
use std::time::{Duration, Instant};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: phase_times FILE")?;
    let src = std::fs::read_to_string(path)?;
    let engine = strata::engine::Engine::new(strata::engine::Options { threads: 1, ..Default::default() })?;
    let mut best = [Duration::MAX; 3];
    for _ in 0..20 {
        let t = Instant::now();
        let tm = strata::tir::parse_script(&src)?;
        let read = t.elapsed();
        let m = strata::tir::lower(&tm)?;
        let lowered = t.elapsed();
        drop(engine.compile(&m)?);
        let compiled = t.elapsed();
        for (b, d) in best.iter_mut().zip([read, lowered - read, compiled - lowered]) {
            *b = (*b).min(d);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("read+check {:.3} ms | lower+verify {:.3} ms | codegen {:.3} ms", ms(best[0]), ms(best[1]), ms(best[2]));
    Ok(())
}
