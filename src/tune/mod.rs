//! Autotuning: sample schedules of a PrimFunc from a design space, compile them on worker
//! threads while measuring on this one, and keep the fastest.
//!
//! ```no_run
//! let m = strata::tir::parse_script(include_str!("../../jit-tests/tir/script/matmul256.py"))?;
//! let result = strata::tune::Tuner::new(m.funcs[0].clone()).trials(64).seed(1).run()?;
//! let best = result.best.expect("a candidate ran");
//! println!("{:.3} ms with\n{}", best.time.median.as_secs_f64() * 1e3, best.trace);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The search: seeded random samples of the space first, then evolution (the decisions of one of
//! the best candidates with one of them drawn again). A candidate is skipped when its schedule
//! fails, is identical to one already measured (same printed function), does not compile,
//! traps, or computes something else than the unscheduled function (checked on each new
//! candidate, within a float tolerance); every candidate is recorded, with its status.
//!
//! With a log, a run resumes: what the log measured for the same function counts toward the
//! trials and is not tried again. Shards ([`Tuner::shard`]) measure disjoint slices of a space
//! as separate jobs; [`merge_logs`] combines their logs. Not yet: plots.

mod plot;
mod record;
pub mod space;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{Compiled, Engine, Options, TimeOptions, TimeStats};
use crate::runtime::Tensor;
use crate::tir::ast::{IRModule, PrimFunc};
use crate::tir::schedule::{Decision, Schedule, ScheduleError};
pub use plot::plot_svg;
pub use record::{Record, best_record, merge_logs, read_log};

/// A template: applies primitives (and samples decisions) to a schedule.
pub type Template = dyn Fn(&mut Schedule) -> Result<(), ScheduleError> + Send + Sync;

/// What can stop a tuning run as a whole (a failing candidate never does).
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The unscheduled function does not compile or run: nothing to compare with.
    #[error("the unscheduled function cannot be run: {0}")]
    Reference(String),
    /// A parameter the tuner cannot make arguments for.
    #[error("{0}")]
    Unsupported(String),
    /// The log cannot be written.
    #[error("cannot write the tuning log {path}: {message}")]
    Log {
        /// The log file.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// A tuning run's settings, built with [`Tuner::new`] and its setters.
pub struct Tuner {
    func: PrimFunc,
    template: Arc<Template>,
    trials: usize,
    seed: u64,
    threads: usize,
    time: TimeOptions,
    log: Option<PathBuf>,
    engine: Engine,
    /// `(k, n)`: measure only the candidates of the k-th of n disjoint slices.
    shard: (u64, u64),
    /// How long a candidate's check and timing may take before it is interrupted.
    timeout: Duration,
    /// Stop sampling and measuring after this long.
    time_limit: Option<Duration>,
    /// Told after every candidate.
    progress: Option<ProgressFn>,
}

/// What a progress callback is told after every candidate.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Candidates measured so far (this run's and a resumed log's).
    pub measured: usize,
    /// The number asked for.
    pub trials: usize,
    /// Candidates tried, including those that failed.
    pub tried: usize,
    /// The fastest median so far.
    pub best: Option<Duration>,
    /// Since the run started.
    pub elapsed: Duration,
}

/// A progress callback ([`Tuner::on_progress`]).
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// The fastest candidate.
pub struct Best {
    /// Its trace (TVM's Python).
    pub trace: String,
    /// The scheduled function.
    pub func: PrimFunc,
    /// Its time.
    pub time: TimeStats,
    /// The compiled kernel.
    pub code: Compiled,
}

/// How many of the fastest candidates are timed again at the end of a run.
const TOP: usize = 3;

/// Rounds of the final timing (each times the fastest candidates in turn; the middle one the
/// unscheduled function too).
const FINAL_ROUNDS: usize = 3;

/// A candidate whose first (checked) run takes this many times the best median is stopped
/// there and recorded as slow.
const REJECT_SLOWER_THAN: f64 = 3.0;

/// Draws in a row that gave no new candidate after which the space counts as exhausted and the
/// run ends (a small space, such as one reduction to one value, has a few dozen candidates).
const EXHAUSTED: usize = 2000;

/// The best time so far (for progress reports).
struct BestSoFar {
    time: TimeStats,
}

/// What a tuning run found.
pub struct TuneResult {
    /// The fastest correct candidate.
    pub best: Option<Best>,
    /// Every candidate, in the order they were tried.
    pub records: Vec<Record>,
    /// The unscheduled function's time, taken in turns with the fastest candidates' at the end
    /// (so that their ratio compares kernels, not moments of a machine whose speed drifts).
    pub baseline: TimeStats,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Tuner {
    /// A tuner for `func` with the built-in space ([`space::apply`]): 64 trials, seed 0, the
    /// machine's cores for compiling, 3 repeats of at least 20 ms per measurement.
    pub fn new(func: PrimFunc) -> Tuner {
        Tuner {
            func,
            template: Arc::new(space::apply),
            trials: 64,
            seed: 0,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            time: TimeOptions { number: 1, repeat: 3, min_repeat_ms: 20, warmup: 1, flush_cache: false },
            log: None,
            engine: Engine::new(Options { threads: 1, ..Options::default() }).unwrap_or_default(),
            shard: (0, 1),
            timeout: Duration::from_secs(10),
            time_limit: None,
            progress: None,
        }
    }

    /// [`Tuner::new`] for the function `name` of `module`.
    ///
    /// ```no_run
    /// # let module = strata::tir::parse_script("").unwrap();
    /// let r = strata::tune::Tuner::from_module(&module, "main")?.trials(500).run()?;
    /// # Ok::<(), strata::tune::TuneError>(())
    /// ```
    ///
    /// # Errors
    /// The module has no function of that name.
    pub fn from_module(module: &IRModule, name: &str) -> Result<Tuner, TuneError> {
        let func = module.func_or_why(name).map_err(TuneError::Unsupported)?;
        Ok(Tuner::new(func.clone()))
    }

    /// Stop after this much wall time (sampling, compiling and measuring), with what was
    /// found so far.
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Tuner {
        self.time_limit = Some(limit);
        self
    }

    /// Call `f` after every candidate (a progress bar; the library itself prints nothing).
    #[must_use]
    pub fn on_progress(mut self, f: impl Fn(&Progress) + Send + Sync + 'static) -> Tuner {
        self.progress = Some(Arc::new(f));
        self
    }

    fn out_of_time(&self, start: Instant) -> bool {
        self.time_limit.is_some_and(|l| start.elapsed() >= l)
    }

    fn report(&self, records: &[Record], best: Option<Duration>, start: Instant) {
        if let Some(f) = &self.progress {
            let measured = records.iter().filter(|r| r.measured()).count();
            f(&Progress { measured, trials: self.trials, tried: records.len(), best, elapsed: start.elapsed() });
        }
    }

    /// Interrupt a candidate whose check and timing take longer than this (default 10 s): it
    /// is recorded as timed out.
    #[must_use]
    pub fn timeout(mut self, limit: Duration) -> Tuner {
        self.timeout = limit;
        self
    }

    /// Measure only the `k`-th (from 0) of `n` disjoint slices of the space (a candidate's slice
    /// is its printed function's hash modulo `n`): shards run as separate jobs, their logs
    /// merged after ([`merge_logs`]).
    #[must_use]
    pub fn shard(mut self, k: u64, n: u64) -> Tuner {
        self.shard = (k % n.max(1), n.max(1));
        self
    }

    /// Use this template instead of the built-in space.
    #[must_use]
    pub fn template(mut self, f: impl Fn(&mut Schedule) -> Result<(), ScheduleError> + Send + Sync + 'static) -> Tuner {
        self.template = Arc::new(f);
        self
    }

    /// Candidates to measure.
    #[must_use]
    pub fn trials(mut self, n: usize) -> Tuner {
        self.trials = n;
        self
    }

    /// The seed of every decision (a run is deterministic for a seed, apart from times).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Tuner {
        self.seed = seed;
        self
    }

    /// Threads that compile candidates, 1 to 64 (measuring stays on the calling thread).
    #[must_use]
    pub fn threads(mut self, n: usize) -> Tuner {
        // More threads than this only costs memory (and an OS may refuse to make them).
        self.threads = n.clamp(1, 64);
        self
    }

    /// How each candidate is timed.
    #[must_use]
    pub fn time_options(mut self, t: TimeOptions) -> Tuner {
        self.time = t;
        self
    }

    /// Append a JSON line per candidate to this file.
    #[must_use]
    pub fn log(mut self, path: impl Into<PathBuf>) -> Tuner {
        self.log = Some(path.into());
        self
    }

    /// The engine kernels are compiled with (default: one thread for parallel loops).
    #[must_use]
    pub fn engine(mut self, engine: Engine) -> Tuner {
        self.engine = engine;
        self
    }

    /// Tune.
    ///
    /// # Errors
    /// The unscheduled function cannot be compiled or run, a parameter is not a buffer of
    /// static shape, or the log cannot be written. Failing candidates are recorded, not errors.
    pub fn run(&self) -> Result<TuneResult, TuneError> {
        let start = Instant::now();
        let name = self.func.name.clone();
        let workload = record::workload_hash(&self.func);
        let inputs = make_inputs(&self.func)?;
        let reference_code = self.compile(&self.func).map_err(TuneError::Reference)?;
        let reference = run_once(&reference_code, &name, &inputs).and_then(|(out, _)| values(&out));
        let reference = reference.map_err(TuneError::Reference)?;
        let baseline = time(&reference_code, &name, &inputs, &self.time).map_err(TuneError::Reference)?;
        // Resume: what the log already measured for this workload counts, and is not tried again.
        let previous = match &self.log {
            Some(p) if p.exists() => record::read_log(p).map_err(|e| TuneError::Log { path: p.clone(), message: e })?,
            _ => Vec::new(),
        };
        let mut log = match &self.log {
            Some(p) => {
                Some(record::Log::open(p).map_err(|e| TuneError::Log { path: p.clone(), message: e.to_string() })?)
            }
            None => None,
        };
        let mut records: Vec<Record> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        // The fastest candidates so far, fastest first.
        let mut top: Vec<Best> = Vec::new();
        let mut best: Option<BestSoFar> = None;
        let mut ranked: Vec<(Duration, Vec<Decision>)> = Vec::new();
        let mut rng = crate::tir::schedule::SplitMix::new(self.seed);
        for r in previous.into_iter().filter(|r| r.workload() == format!("{workload:016x}")) {
            let Ok(sch) = Schedule::replay(self.func.clone(), r.trace()) else { continue };
            seen.insert(record::hash_text(&crate::tir::script::print_func(sch.func())));
            if let Some(ms) = r.median_ms() {
                let t = Duration::from_secs_f64(ms / 1e3);
                ranked.push((t, sch.decisions()));
                if top.first().is_none_or(|b| t < b.time.median)
                    && let Ok(code) = self.compile(sch.func())
                {
                    let time = TimeStats::from_median(t);
                    top.insert(0, Best { trace: r.trace().to_string(), func: sch.into_func(), time, code });
                    top.truncate(TOP);
                    best = top.first().map(|b| BestSoFar { time: b.time.clone() });
                }
            }
            records.push(r);
        }
        ranked.sort_by_key(|(d, _)| *d);
        let mut logged = records.len();
        let log_path = self.log.clone().unwrap_or_default();
        let mut flush = |records: &[Record], logged: &mut usize| -> Result<(), TuneError> {
            if let Some(log) = log.as_mut() {
                for r in &records[*logged..] {
                    log.append(r).map_err(|e| TuneError::Log { path: log_path.clone(), message: e.to_string() })?;
                }
            }
            *logged = records.len();
            Ok(())
        };
        let batch = (2 * self.threads).max(2);
        let mut attempts = 0usize;
        let max_attempts = self.trials.saturating_mul(20).max(100);
        // Draws in a row that gave nothing new (see EXHAUSTED).
        let mut stale = 0usize;
        // While one batch is measured here, the next compiles on the other threads (one fewer
        // than `threads`, so that measuring keeps a core), so the cores stay busy.
        let compile_threads = self.threads.saturating_sub(1).max(1);
        // A kernel that runs on several threads needs the cores to itself while it is timed:
        // then a batch compiles before it is measured, not beside it.
        let overlap = self.engine.options().threads <= 1;
        std::thread::scope(|s| -> Result<(), TuneError> {
            let mut in_flight: Option<Pending<'_>> = None;
            loop {
                let measured = records.iter().filter(|r| r.measured()).count();
                // No more draws: too many attempts, or too many in a row with nothing new.
                let drawn_out = |attempts: usize, stale: usize| attempts >= max_attempts || stale >= EXHAUSTED;
                let done = measured >= self.trials || drawn_out(attempts, stale) || self.out_of_time(start);
                // Sample a batch of new candidates: random first, then mutations of the best.
                let mut fresh = Vec::new();
                while !done && fresh.len() < batch && !drawn_out(attempts, stale) && !self.out_of_time(start) {
                    stale += 1;
                    attempts += 1;
                    let seed = rng.next_u64();
                    let evolve = ranked.len() >= 4 && !attempts.is_multiple_of(3);
                    let forced: Vec<Option<Decision>> = if evolve {
                        let parent = pick_parent(&ranked, rng.next_u64(), rng.next_u64());
                        let redraw = (rng.next_u64() as usize) % parent.len().max(1);
                        let local = rng.next_u64().is_multiple_of(2);
                        parent
                            .iter()
                            .enumerate()
                            .map(|(k, d)| match d {
                                _ if k != redraw => Some(d.clone()),
                                Decision::Tile(t) if local => move_factor(t, rng.next_u64()).map(Decision::Tile),
                                _ => None,
                            })
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let mut sch = Schedule::with_decisions(self.func.clone(), seed, forced);
                    match (self.template)(&mut sch) {
                        Ok(()) => {
                            let printed = crate::tir::script::print_func(sch.func());
                            let h = record::hash_text(&printed);
                            // Another shard's candidate is new too (the space is not exhausted).
                            if seen.insert(h) {
                                stale = 0;
                                if h % self.shard.1 == self.shard.0 {
                                    fresh.push(Candidate { sch, trace: String::new() });
                                }
                            }
                        }
                        Err(e) => {
                            let r = Record::new(
                                workload,
                                sch.trace(),
                                &sch.decisions(),
                                None,
                                format!("schedule error: {e}"),
                            );
                            records.push(r.at(start.elapsed()));
                            self.report(&records, best.as_ref().map(|b| b.time.median), start);
                        }
                    }
                }
                flush(&records, &mut logged)?;
                for c in &mut fresh {
                    c.trace = c.sch.trace();
                }
                let next = (!fresh.is_empty()).then(|| {
                    let h = s.spawn(move || self.compile_all(fresh, compile_threads));
                    if overlap { Pending::Compiling(h) } else { Pending::Compiled(h.join().unwrap_or_default()) }
                });
                // Measure the batch compiled meanwhile, one by one, here.
                let compiled = in_flight.take().map(Pending::wait).unwrap_or_default();
                for (c, code) in compiled {
                    if records.iter().filter(|r| r.measured()).count() >= self.trials || self.out_of_time(start) {
                        break;
                    }
                    let decisions = c.sch.decisions();
                    let cutoff = best.as_ref().map(|b| b.time.median.mul_f64(REJECT_SLOWER_THAN));
                    let status = code.and_then(|code| {
                        let (out, took) = self.run_checked(&code, &name, &inputs, cutoff)?;
                        check_same(&reference, &out)?;
                        // Finished, but past the cutoff (it was checked all the same).
                        if cutoff.is_some_and(|c| took > c) {
                            return Err(slow(took));
                        }
                        let deadline = self.engine.deadline(self.timeout);
                        let t = time_after_check(&code, &name, &inputs, &self.time, took)
                            .map_err(|e| if deadline.fired() { self.timed_out() } else { e })?;
                        Ok((code, t))
                    });
                    match status {
                        Ok((code, t)) => {
                            let r = Record::new(workload, c.trace.clone(), &decisions, Some(&t), "ok".into());
                            records.push(r.at(start.elapsed()));
                            ranked.push((t.median, decisions));
                            ranked.sort_by_key(|(d, _)| *d);
                            // The fastest few, timed again at the end without compiles beside them.
                            if top.len() < TOP || top.last().is_some_and(|b: &Best| t.median < b.time.median) {
                                top.push(Best { trace: c.trace, func: c.sch.into_func(), time: t, code });
                                top.sort_by_key(|b| b.time.median);
                                top.truncate(TOP);
                            }
                            best = top.first().map(|b| BestSoFar { time: b.time.clone() });
                        }
                        Err(e) => records.push(Record::new(workload, c.trace, &decisions, None, e).at(start.elapsed())),
                    }
                    self.report(&records, best.as_ref().map(|b| b.time.median), start);
                    flush(&records, &mut logged)?;
                }
                in_flight = next;
                release_freed_memory();
                if in_flight.is_none() && (done || drawn_out(attempts, stale)) {
                    return Ok(());
                }
            }
        })?;
        // Measured while the next batch compiled beside them: time the fastest again, alone, in
        // rounds, the unscheduled function amid them. This machine's speed drifts in
        // phases of seconds (the same kernel 20 ms, then 27, then 20), so times taken apart
        // compare phases; taken in turns, they compare kernels.
        let mut baseline_runs = Vec::new();
        let mut runs: Vec<Vec<Duration>> = vec![Vec::new(); top.len()];
        for round in 0..FINAL_ROUNDS {
            // The unscheduled function once, in the middle round: it is the slowest kernel by
            // far (a quarter of a 50-variant sweep's time if timed every round).
            if round == FINAL_ROUNDS / 2
                && let Ok(t) = time(&reference_code, &name, &inputs, &self.time)
            {
                baseline_runs.extend(t.results);
            }
            for (b, r) in top.iter().zip(&mut runs) {
                if let Ok(t) = time(&b.code, &name, &inputs, &self.time) {
                    r.extend(t.results);
                }
            }
        }
        for (b, r) in top.iter_mut().zip(runs) {
            if !r.is_empty() {
                b.time = TimeStats::of(r, b.time.number);
            }
        }
        let baseline = if baseline_runs.is_empty() { baseline } else { TimeStats::of(baseline_runs, baseline.number) };
        top.sort_by_key(|b| b.time.median);
        let best = top.into_iter().next();
        Ok(TuneResult { best, records, baseline, elapsed: start.elapsed() })
    }

    /// The first run of a candidate, interrupted at `cutoff` (a multiple of the best time) or at
    /// the timeout: a candidate that far behind cannot compete, and letting it finish cost most of a
    /// search's time (on conv2d, 109 of 180 s went to such runs, at a median 10 times the best).
    fn run_checked(
        &self,
        code: &Compiled,
        name: &str,
        inputs: &[Tensor],
        cutoff: Option<Duration>,
    ) -> Result<(Vec<Tensor>, Duration), String> {
        let limit = cutoff.map_or(self.timeout, |c| c.min(self.timeout));
        let deadline = self.engine.deadline(limit);
        let started = Instant::now();
        match run_once(code, name, inputs) {
            Err(_) if deadline.fired() && limit < self.timeout => Err(slow(started.elapsed())),
            Err(_) if deadline.fired() => Err(self.timed_out()),
            r => r,
        }
    }

    fn timed_out(&self) -> String {
        format!("timeout: longer than {:?}", self.timeout)
    }

    fn compile(&self, f: &PrimFunc) -> Result<Compiled, String> {
        let m = IRModule::from_func(f.clone());
        let v = crate::tir::lower(&m).map_err(|e| e.to_string())?;
        self.engine.compile(&v).map_err(|e| e.to_string())
    }

    /// Compile candidates on `threads` threads, in order.
    fn compile_all(&self, cands: Vec<Candidate>, threads: usize) -> CompiledBatch {
        let n = cands.len();
        let chunk = n.div_ceil(threads.max(1)).max(1);
        let mut out: Vec<(Candidate, Result<Compiled, String>)> = Vec::with_capacity(n);
        let mut cands = cands;
        std::thread::scope(|s| {
            let mut handles = Vec::new();
            while !cands.is_empty() {
                let rest = cands.split_off(chunk.min(cands.len()));
                let mine = std::mem::replace(&mut cands, rest);
                handles.push(s.spawn(move || {
                    mine.into_iter()
                        .map(|c| {
                            let code = self.compile(c.sch.func());
                            (c, code)
                        })
                        .collect::<Vec<_>>()
                }));
            }
            for h in handles {
                // A compile thread that panicked (a code generator bug) loses its candidates.
                if let Ok(v) = h.join() {
                    out.extend(v);
                }
            }
        });
        out
    }
}

struct Candidate {
    sch: Schedule,
    trace: String,
}

/// Candidates with their compiled code, or why they did not compile.
type CompiledBatch = Vec<(Candidate, Result<Compiled, String>)>;

/// Deterministic inputs for every buffer parameter (static shapes only).
fn make_inputs(f: &PrimFunc) -> Result<Vec<Tensor>, TuneError> {
    f.params
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let b = f.buffer_of(p).ok_or_else(|| {
                TuneError::Unsupported(format!(
                    "parameter '{}' is not a buffer: the tuner needs buffers only",
                    p.name()
                ))
            })?;
            let shape: Vec<i64> = b.shape().iter().map(|d| d.as_int()).collect::<Option<_>>().ok_or_else(|| {
                TuneError::Unsupported(format!(
                    "buffer '{}' has a symbolic shape: the tuner needs static shapes to make its inputs",
                    b.name()
                ))
            })?;
            let dt = crate::runtime::DLDataType::from_tvm_name(&b.dtype().to_string())
                .ok_or_else(|| TuneError::Unsupported(format!("buffer '{}' has dtype {}", b.name(), b.dtype())))?;
            // The tensor is allocated first (a shape too large is an error, not an abort), then
            // filled in place.
            let value = |i: usize| (i.wrapping_mul(7).wrapping_add(k.wrapping_mul(3)) % 13) as f64 * 0.125 - 0.5;
            tensor_of(value, &shape, dt).map_err(|why| TuneError::Unsupported(format!("buffer '{}': {why}", b.name())))
        })
        .collect()
}

/// A candidate's structure: the shape of its decisions (how many factors each tiling has, which
/// kind each decision is). Structures of a space differ there (a register tile splits in three
/// where `SSRSRS` splits in four; a stage computed at a loop adds a tiling), while candidates
/// of one structure differ only in the values.
fn structure(decisions: &[Decision]) -> Vec<usize> {
    decisions
        .iter()
        .map(|d| match d {
            Decision::Tile(t) => t.len(),
            Decision::Category(_) => usize::MAX,
            Decision::Location(_) => usize::MAX - 1,
        })
        .collect()
}

/// The parent of a mutation, from `ranked` (fastest first; not empty): half the time one of
/// the 4 fastest of the fastest structure, else one of the 4 fastest of a structure drawn
/// uniformly. Drawing from the global top alone let the structure that is easiest to sample
/// take all the evolution: on conv2d the `SSRSRS` tiling, whose best is the fastest kernel
/// of the space, had a sixth of the candidates and never got near it.
fn pick_parent(ranked: &[(Duration, Vec<Decision>)], r1: u64, r2: u64) -> &[Decision] {
    // Structures in the order of their fastest candidate, each with its candidates' indices.
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (k, (_, d)) in ranked.iter().enumerate() {
        let key = structure(d);
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, members)) => members.push(k),
            None => groups.push((key, vec![k])),
        }
    }
    let group = if r1.is_multiple_of(2) { &groups[0].1 } else { &groups[((r1 >> 1) % groups.len() as u64) as usize].1 };
    &ranked[group[(r2 % group.len().min(4) as u64) as usize]].1
}

/// MetaSchedule's `MutateTileSize`: a tiling with one prime factor moved from one level to
/// another (the product kept), the neighbour a local search needs; `None` when no level has a
/// factor to give. A move that breaks a limit of the tiling (its innermost factor) is refused by
/// the sampler, which then draws afresh.
fn move_factor(tiles: &[i64], r: u64) -> Option<Vec<i64>> {
    let donors: Vec<usize> = (0..tiles.len()).filter(|&k| tiles[k] > 1).collect();
    if donors.is_empty() || tiles.len() < 2 {
        return None;
    }
    let from = donors[(r % donors.len() as u64) as usize];
    let to = {
        let k = ((r >> 16) % (tiles.len() as u64 - 1)) as usize;
        if k >= from { k + 1 } else { k }
    };
    let n = tiles[from];
    // Its smallest prime factor (trial division up to the square root, and at most 2^16
    // divisions: a larger factor, a rarity for loop extents, moves whole).
    let p = (2..=1 << 16).take_while(|d: &i64| d.saturating_mul(*d) <= n).find(|d| n % d == 0).unwrap_or(n);
    let mut out = tiles.to_vec();
    out[from] /= p;
    out[to] = out[to].checked_mul(p)?;
    Some(out)
}

/// A batch of candidates being compiled on other threads, or compiled already.
enum Pending<'s> {
    Compiling(std::thread::ScopedJoinHandle<'s, CompiledBatch>),
    Compiled(CompiledBatch),
}

impl Pending<'_> {
    fn wait(self) -> CompiledBatch {
        match self {
            Pending::Compiling(h) => h.join().unwrap_or_default(),
            Pending::Compiled(b) => b,
        }
    }
}

/// Give the memory freed by a batch back to the OS. The compile threads' malloc arenas keep
/// what a compile freed (Cranelift allocates and frees tens of MB per conv2d candidate, in
/// pieces a later compile does not reuse exactly): without this a three-minute tuning run of
/// conv2d held 230 MB, growing.
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free pages of malloc's own arenas to the OS.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The status of a candidate stopped (or finished) past the cutoff after `took`.
fn slow(took: Duration) -> String {
    format!("slow: stopped after {:.3} ms, {REJECT_SLOWER_THAN} times the best", took.as_secs_f64() * 1e3)
}

/// One call on copies of `inputs`: the buffers after it, and how long it took.
fn run_once(code: &Compiled, name: &str, inputs: &[Tensor]) -> Result<(Vec<Tensor>, Duration), String> {
    let mut ts: Vec<Tensor> = inputs.to_vec();
    let mut args: Vec<crate::Arg<'_>> = ts.iter_mut().map(Tensor::as_arg_mut).collect();
    let started = std::time::Instant::now();
    code.call(name, &mut args).map_err(|e| e.to_string())?;
    let took = started.elapsed();
    drop(args);
    Ok((ts, took))
}

/// Every buffer's elements as numbers.
fn values(ts: &[Tensor]) -> Result<Vec<Vec<f64>>, String> {
    ts.iter().map(|t| values_of(t).ok_or_else(|| "a buffer of an unsupported dtype".to_string())).collect()
}

/// Time a candidate whose checked run took `first`: with single calls, no warm-up and no minimum
/// length, that run is the first repeat (a tuning sweep then runs each kernel once less).
fn time_after_check(
    code: &Compiled,
    name: &str,
    inputs: &[Tensor],
    options: &TimeOptions,
    first: Duration,
) -> Result<TimeStats, String> {
    let plain = options.number == 1 && options.warmup == 0 && options.min_repeat_ms == 0 && !options.flush_cache;
    if !plain || options.repeat < 2 {
        return time(code, name, inputs, options);
    }
    let rest = time(code, name, inputs, &TimeOptions { repeat: options.repeat - 1, ..*options })?;
    let mut results = vec![first];
    results.extend(rest.results);
    Ok(TimeStats::of(results, 1))
}

/// `$body` with `$t` the Rust element type of the scalar dtype `$dt` (`None` for others).
macro_rules! with_element_type {
    ($dt:expr, $t:ident => $body:expr) => {{
        use crate::runtime::dlpack::code;
        match ($dt.code, $dt.bits, $dt.lanes) {
            (code::FLOAT, 32, 1) => {
                type $t = f32;
                $body
            }
            (code::FLOAT, 64, 1) => {
                type $t = f64;
                $body
            }
            (code::INT, 8, 1) => {
                type $t = i8;
                $body
            }
            (code::INT, 16, 1) => {
                type $t = i16;
                $body
            }
            (code::INT, 32, 1) => {
                type $t = i32;
                $body
            }
            (code::INT, 64, 1) => {
                type $t = i64;
                $body
            }
            (code::UINT, 8, 1) => {
                type $t = u8;
                $body
            }
            (code::UINT, 16, 1) => {
                type $t = u16;
                $body
            }
            (code::UINT, 32, 1) => {
                type $t = u32;
                $body
            }
            (code::UINT, 64, 1) => {
                type $t = u64;
                $body
            }
            _ => None,
        }
    }};
}

/// A tensor of `dt` whose element `i` is `value(i)` (integers truncated); why not, for a shape
/// too large to allocate or an unsupported dtype.
#[allow(clippy::unnecessary_cast)] // `T` is f64 in one arm of the macro.
fn tensor_of(value: impl Fn(usize) -> f64, shape: &[i64], dt: crate::runtime::DLDataType) -> Result<Tensor, String> {
    let mut t = Tensor::zeros_of(dt, shape).map_err(|e| e.to_string())?;
    if is_f16(dt) {
        for (i, b) in t.bytes_mut().chunks_exact_mut(2).enumerate() {
            b.copy_from_slice(&half::f16::from_f64(value(i)).to_le_bytes());
        }
    } else if is_bool(dt) {
        for (i, b) in t.bytes_mut().iter_mut().enumerate() {
            *b = u8::from(value(i) > 0.0);
        }
    } else {
        let filled: Option<()> = with_element_type!(dt, T => t.as_mut_slice::<T>().ok().map(|s| {
            for (i, x) in s.iter_mut().enumerate() {
                *x = value(i) as T;
            }
        }));
        filled.ok_or_else(|| format!("dtype {} is not supported", dt))?;
    }
    Ok(t)
}

/// bool: one byte per element, 0 or 1.
fn is_bool(dt: crate::runtime::DLDataType) -> bool {
    (dt.code, dt.bits, dt.lanes) == (crate::runtime::dlpack::code::UINT, 1, 1)
}

/// float16 (a Relax kernel's usual type): stored as bytes, read through `half`.
fn is_f16(dt: crate::runtime::DLDataType) -> bool {
    (dt.code, dt.bits, dt.lanes) == (crate::runtime::dlpack::code::FLOAT, 16, 1)
}

/// `f` over a tensor's elements as numbers, read in place (`None`: an unsupported dtype).
#[allow(clippy::unnecessary_cast)] // `T` is f64 in one arm of the macro.
fn with_values<R>(t: &Tensor, f: impl FnOnce(&mut dyn Iterator<Item = f64>) -> R) -> Option<R> {
    let bytes = t.bytes();
    if is_f16(t.dtype()) {
        return Some(f(&mut bytes.chunks_exact(2).map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f64())));
    }
    if is_bool(t.dtype()) {
        return Some(f(&mut bytes.iter().map(|&b| f64::from(b))));
    }
    with_element_type!(t.dtype(), T => t.as_slice::<T>().ok().map(|s| f(&mut s.iter().map(|&v| v as f64))))
}

/// A tensor's elements as numbers.
fn values_of(t: &Tensor) -> Option<Vec<f64>> {
    with_values(t, |it| it.collect())
}

fn time(code: &Compiled, name: &str, inputs: &[Tensor], options: &TimeOptions) -> Result<TimeStats, String> {
    let mut ts: Vec<Tensor> = inputs.to_vec();
    let mut args: Vec<crate::Arg<'_>> = ts.iter_mut().map(Tensor::as_arg_mut).collect();
    code.time(name, &mut args, options).map_err(|e| e.to_string())
}

/// Whether a run's buffers agree with the reference (floats within a relative 1e-3 of the
/// larger magnitude: schedules reassociate reductions). Read in place: a copy as numbers per
/// candidate was the largest allocation of a tuning run.
fn check_same(want: &[Vec<f64>], got: &[Tensor]) -> Result<(), String> {
    for (k, (a, t)) in want.iter().zip(got).enumerate() {
        // Half precision: a reassociated sum moves by more than f32's tolerance.
        let rel = if is_f16(t.dtype()) { 1e-2 } else { 1e-3 };
        with_values(t, |it| all_close(k, a, it, rel))
            .ok_or_else(|| "a buffer of an unsupported dtype".to_string())??;
    }
    Ok(())
}

fn all_close(k: usize, a: &[f64], b: &mut dyn Iterator<Item = f64>, rel: f64) -> Result<(), String> {
    for (i, (&x, y)) in a.iter().zip(b).enumerate() {
        let tol = rel * x.abs().max(y.abs()).max(1.0);
        if (x - y).abs() > tol || x.is_nan() != y.is_nan() {
            return Err(format!("wrong result: buffer #{k} element {i} is {y}, the unscheduled function gives {x}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_same, make_inputs, move_factor, pick_parent, tensor_of};
    use crate::tir::schedule::Decision;
    use std::time::Duration;

    /// A candidate's outputs are compared with the unscheduled function's: within 1e-3
    /// relative for float32, 1e-2 for float16 (half precision), exactly for bool; an element
    /// off is named.
    /// Inputs too large to allocate (or to count) are refused with a message, before any
    /// element is made.
    #[test]
    fn inputs_too_large_are_an_error_not_an_abort() {
        let src = |n: &str| {
            format!(
                "@T.prim_func\ndef big(A: T.Buffer(({n}, {n}), \"float32\"), B: T.Buffer(({n}, {n}), \"float32\")):\n    for i, j in T.grid({n}, {n}):\n        with T.sblock(\"B\"):\n            vi, vj = T.axis.remap(\"SS\", [i, j])\n            B[vi, vj] = A[vi, vj]\n"
            )
        };
        for n in ["4000000000", "2000000"] {
            let f = crate::tir::parse_script(&src(n)).unwrap().funcs.remove(0);
            let e = make_inputs(&f).expect_err("refused");
            assert!(e.to_string().starts_with("buffer 'A': "), "{e}");
        }
    }

    #[test]
    fn results_are_checked_against_the_unscheduled_function() {
        let dt = |name: &str| crate::runtime::DLDataType::from_tvm_name(name).unwrap();
        let want = vec![1.0, 2.0, 300.0];
        for (name, near, off) in [("float32", 300.2, 301.0), ("float16", 302.0, 306.0), ("int32", 300.0, 301.0)] {
            let got = tensor_of(|i| [1.0, 2.0, near][i], &[3], dt(name)).unwrap();
            assert_eq!(check_same(std::slice::from_ref(&want), &[got]), Ok(()), "{name}");
            let got = tensor_of(|i| [1.0, 2.0, off][i], &[3], dt(name)).unwrap();
            let e = check_same(std::slice::from_ref(&want), &[got]).unwrap_err();
            assert_eq!(
                e,
                format!("wrong result: buffer #0 element 2 is {off}, the unscheduled function gives 300"),
                "{name}"
            );
        }
        let bools = |v: &[f64]| tensor_of(|i| v[i], &[2], dt("bool")).unwrap();
        assert_eq!(check_same(&[vec![1.0, 0.0]], &[bools(&[0.5, -1.0])]), Ok(()));
        assert!(check_same(&[vec![1.0, 0.0]], &[bools(&[0.5, 1.0])]).is_err());
    }

    /// A first run longer than the cutoff is stopped there (a loop of 2^40 steps would take
    /// minutes), one within it is not; a run longer than the timeout is a timeout.
    #[test]
    fn a_first_run_far_slower_than_the_best_is_stopped() {
        let src = "@T.prim_func\ndef f(A: T.Buffer((1,), \"int64\")):\n    for i in range(n):\n        A[0] = A[0] + T.int64(1)\n";
        let slow = crate::tir::parse_script(&src.replace("range(n)", "range(T.int64(1) << T.int64(40))")).unwrap();
        let fast = crate::tir::parse_script(&src.replace("range(n)", "range(T.int64(3))")).unwrap();
        let tuner = super::Tuner::new(fast.funcs[0].clone()).timeout(Duration::from_secs(2));
        let inputs = vec![crate::runtime::Tensor::from_vec(vec![0i64], &[1]).unwrap()];
        let code = tuner.compile(&slow.funcs[0]).unwrap();
        let e = tuner.run_checked(&code, "f", &inputs, Some(Duration::from_millis(5))).unwrap_err();
        assert!(e.starts_with("slow: stopped after ") && e.ends_with(" ms, 3 times the best"), "{e}");
        let e = tuner.timeout(Duration::from_millis(5)).run_checked(&code, "f", &inputs, None).unwrap_err();
        assert_eq!(e, "timeout: longer than 5ms");
        let tuner = super::Tuner::new(fast.funcs[0].clone());
        let code = tuner.compile(&fast.funcs[0]).unwrap();
        let (out, _) = tuner.run_checked(&code, "f", &inputs, Some(Duration::from_secs(1))).unwrap();
        assert_eq!(out[0].to_vec::<i64>().unwrap(), [3]);
    }

    #[test]
    fn every_structure_gets_parents_not_only_the_fastest() {
        let ms = Duration::from_millis;
        let two = |a, b| vec![Decision::Category(0), Decision::Tile(vec![a, b])];
        let four = |a| vec![Decision::Category(2), Decision::Tile(vec![a, 1, 1, 1])];
        // Five fast candidates of one structure, then one of another.
        let mut ranked: Vec<(Duration, Vec<Decision>)> = (1..=5).map(|k| (ms(k), two(k as i64, 1))).collect();
        ranked.push((ms(9), four(7)));
        let mut parents = std::collections::HashMap::new();
        for r1 in 0..64u64 {
            for r2 in 0..8u64 {
                *parents.entry(pick_parent(&ranked, r1, r2).to_vec()).or_insert(0) += 1;
            }
        }
        // The slower structure is a parent a quarter of the time (half the draws pick a
        // structure uniformly); the fastest structure's fifth candidate never is.
        assert_eq!(parents.get(&four(7)), Some(&128));
        assert_eq!(parents.get(&two(5, 1)), None);
        assert_eq!(parents.values().sum::<i32>(), 512);
        assert_eq!(parents.len(), 5);
    }

    #[test]
    fn a_mutated_tiling_moves_one_prime_factor_and_keeps_the_product() {
        for r in 0..64u64 {
            let t = move_factor(&[1, 12, 1, 5], r.wrapping_mul(0x9E37_79B9_7F4A_7C15)).unwrap();
            assert_eq!(t.iter().product::<i64>(), 60, "{t:?}");
            let changed: Vec<usize> = (0..4).filter(|&k| t[k] != [1, 12, 1, 5][k]).collect();
            assert_eq!(changed.len(), 2, "{t:?}");
        }
        assert_eq!(move_factor(&[1, 1], 7), None);
        assert_eq!(move_factor(&[6], 7), None);
        // A large prime is moved whole, at once.
        let t = move_factor(&[1_000_000_007, 1], 0).unwrap();
        assert_eq!(t, vec![1, 1_000_000_007]);
    }
}
