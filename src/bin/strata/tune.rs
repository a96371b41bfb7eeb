//! `strata tune KERNEL.py`: tune a TVMScript PrimFunc with the built-in space and print (or
//! write) the fastest schedule found.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use strata::tune::Tuner;

/// Arguments of `strata tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// The kernel: TVMScript with the PrimFunc to tune; or `merge` followed by logs to combine
    /// (written to `-o` or standard output).
    kernel: PathBuf,
    /// The logs of `strata tune merge`.
    logs: Vec<PathBuf>,
    /// Measure only the K-th of N disjoint slices of the search (`K/N`, K from 0).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// The function to tune (default: the only one).
    #[arg(short = 'e', long = "entry-point")]
    entry: Option<String>,
    /// Candidates to measure.
    #[arg(long, default_value_t = 64)]
    trials: usize,
    /// The seed of every decision.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads that compile candidates (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Threads each candidate's parallel loops run on when it is timed (default 1; above 1,
    /// candidates compile before they are timed, not beside them).
    #[arg(long, value_name = "N", default_value_t = 1)]
    kernel_threads: usize,
    /// Compile candidates with `exp` of float32 vectors inline (`strata run --fast-math`).
    #[arg(long = "fast-math")]
    fast_math: bool,
    /// Append every candidate to this JSON-lines log; an existing log is resumed.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Skip the candidates the log already holds (what `--log` does with an existing log;
    /// spelled out for scripts).
    #[arg(long, requires = "log")]
    resume: bool,
    /// Stop after this many seconds, with the best found so far.
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Plot the best time so far against candidates and against wall time (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Write the fastest scheduled function (TVMScript) here.
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &TuneArgs) -> anyhow::Result<bool> {
    if args.kernel.as_os_str() == "merge" {
        let paths: Vec<&std::path::Path> = args.logs.iter().map(PathBuf::as_path).collect();
        let merged = strata::tune::merge_logs(&paths).map_err(|e| anyhow::anyhow!(e))?;
        let text: String = merged.iter().map(|r| format!("{}\n", r.json)).collect();
        match &args.output {
            Some(p) => std::fs::write(p, text).with_context(|| format!("cannot write {}", p.display()))?,
            None => crate::write_stdout(&text)?,
        }
        return Ok(true);
    }
    if !args.logs.is_empty() {
        anyhow::bail!("one kernel at a time (extra arguments are for `strata tune merge`)");
    }
    let Some(func) = crate::schedule::read_kernel(&args.kernel, args.entry.as_deref())? else { return Ok(false) };
    // GFLOP/s where the kernel's float operations are known (constant loop extents).
    let flops = strata::tir::flops::estimate(&func).filter(|&n| n > 0);
    let gflops = move |ms: f64| flops.map(|n| format!(", {:.1} GFLOP/s", n as f64 / (ms * 1e6)));
    let mut tuner = Tuner::new(func).trials(args.trials).seed(args.seed);
    if let Some(sh) = &args.shard {
        let parsed = sh.split_once('/').and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)));
        let Some((k, n)) = parsed.filter(|(k, n)| k < n) else {
            anyhow::bail!("--shard takes K/N with 0 <= K < N, not '{sh}'");
        };
        tuner = tuner.shard(k, n);
    }
    if let Some(t) = args.threads {
        tuner = tuner.threads(t);
    }
    if args.kernel_threads != 1 || args.fast_math {
        if !(1..=256).contains(&args.kernel_threads) {
            anyhow::bail!("--kernel-threads takes 1 to 256, not {}", args.kernel_threads);
        }
        let options =
            strata::Options { threads: args.kernel_threads, fast_math: args.fast_math, ..strata::Options::default() };
        tuner = tuner.engine(strata::Engine::new(options).map_err(|e| anyhow::anyhow!(e))?);
    }
    if let Some(l) = &args.log {
        tuner = tuner.log(l);
    }
    if let Some(s) = args.time_limit {
        if !(s.is_finite() && s > 0.0) {
            anyhow::bail!("--time-limit takes a positive number of seconds, not {s}");
        }
        tuner = tuner.time_limit(std::time::Duration::from_secs_f64(s.min(1e9)));
    }
    // A progress bar on standard error (drawn only on a terminal).
    let bar =
        indicatif::ProgressBar::with_draw_target(Some(args.trials as u64), indicatif::ProgressDrawTarget::stderr());
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} measured  {msg}  [{elapsed} eta {eta}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let progress_bar = bar.clone();
    tuner = tuner.on_progress(move |p| {
        progress_bar.set_position(p.measured as u64);
        if let Some(b) = p.best {
            let ms = b.as_secs_f64() * 1e3;
            progress_bar.set_message(format!("best {ms:.4} ms{} ({} tried)", gflops(ms).unwrap_or_default(), p.tried));
        }
    });
    let r = tuner.run();
    bar.finish_and_clear();
    let r = r?;
    let measured = r.records.iter().filter(|x| x.measured()).count();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let Some(best) = r.best else {
        eprintln!(
            "no candidate ran ({} tried); the first failure: {}",
            r.records.len(),
            r.records.first().map_or("none", |x| x.status())
        );
        return Ok(false);
    };
    eprintln!(
        "{measured} candidates measured of {} in {:.1} s; best {:.4} ms{}, unscheduled {:.4} ms ({:.1}x; timed again in turns)",
        r.records.len(),
        r.elapsed.as_secs_f64(),
        ms(best.time.median),
        gflops(ms(best.time.median)).unwrap_or_default(),
        ms(r.baseline.median),
        r.baseline.median.as_secs_f64() / best.time.median.as_secs_f64()
    );
    // The fastest variants, one line each.
    let mut ranked: Vec<(f64, usize)> =
        r.records.iter().enumerate().filter_map(|(i, x)| Some((x.median_ms()?, i))).collect();
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    eprintln!("rank  median ms  speedup  GFLOP/s  candidate");
    for (k, (t, i)) in ranked.iter().take(5).enumerate() {
        let rate = flops.map_or_else(|| "-".to_string(), |n| format!("{:.1}", n as f64 / (t * 1e6)));
        eprintln!("{:>4}  {:>9.4}  {:>6.2}x  {rate:>7}  #{i}", k + 1, t, ms(r.baseline.median) / t);
    }
    if let Some(p) = &args.plot {
        strata::tune::plot_svg(p, &r.records, ms(r.baseline.median))
            .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
    }
    if let Some(p) = &args.output {
        std::fs::write(p, strata::tir::script::print_func(&best.func))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    crate::write_stdout(&best.trace)?;
    Ok(true)
}
