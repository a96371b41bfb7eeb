//! Tune a TVMScript kernel with the built-in space and print the best schedule:
//! `cargo run --release --example tune_matmul -- [KERNEL.py] [TRIALS]`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("jit-tests/tir/script/matmul512.py", String::as_str);
    let trials: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(64);
    let m = strata::tir::parse_script(&std::fs::read_to_string(path)?)?;
    let r = strata::tune::Tuner::new(m.funcs[0].clone()).trials(trials).seed(1).run()?;
    let measured = r.records.iter().filter(|x| x.measured()).count();
    println!(
        "{} candidates ({measured} measured) in {:.2} s: {:.1} measured/s; unscheduled {:.3} ms",
        r.records.len(),
        r.elapsed.as_secs_f64(),
        measured as f64 / r.elapsed.as_secs_f64(),
        r.baseline.median.as_secs_f64() * 1e3
    );
    for x in r.records.iter().filter(|x| !x.measured()).take(3) {
        println!("skipped: {}", x.status());
    }
    if let Some(b) = r.best {
        println!("best {:.3} ms\n{}", b.time.median.as_secs_f64() * 1e3, b.trace);
    }
    Ok(())
}
