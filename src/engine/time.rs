//! The time evaluator: how long a compiled function takes, measured as TVM's `time_evaluator`
//! measures (`number` calls per repeat, `repeat` repeats, each repeat lengthened until it lasts
//! `min_repeat_ms`). The one way Strata times a kernel: the REPL's `:time`, `strata run --time`
//! and the tuner use it.

use std::time::{Duration, Instant};

use super::{Arg, Compiled};
use crate::Result;

/// How to time a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeOptions {
    /// Calls per repeat (grown while a repeat is shorter than `min_repeat_ms`).
    pub number: u32,
    /// Repeats: each gives one time per call.
    pub repeat: u32,
    /// A repeat lasts at least this long (0: no minimum).
    pub min_repeat_ms: u64,
    /// Calls before timing (not measured).
    pub warmup: u32,
    /// Write a buffer larger than the caches before each repeat, so a repeat starts cold.
    pub flush_cache: bool,
}

impl Default for TimeOptions {
    /// TVM's defaults (`number=10, repeat=1`), with 3 repeats and one warm-up call.
    fn default() -> TimeOptions {
        TimeOptions { number: 10, repeat: 3, min_repeat_ms: 0, warmup: 1, flush_cache: false }
    }
}

/// Time per call, per repeat, and their statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeStats {
    /// The mean time of one call in each repeat, in order.
    pub results: Vec<Duration>,
    /// Calls made in each repeat (the last `number` used).
    pub number: u32,
    /// The fastest repeat.
    pub min: Duration,
    /// The median repeat.
    pub median: Duration,
    /// The mean over repeats.
    pub mean: Duration,
    /// The standard deviation over repeats.
    pub std: Duration,
}

impl TimeStats {
    /// Statistics of repeats of `number` calls each, given each repeat's time per call.
    pub(crate) fn of(results: Vec<Duration>, number: u32) -> TimeStats {
        let mut sorted = results.clone();
        sorted.sort();
        let n = sorted.len().max(1) as f64;
        let mean = results.iter().map(Duration::as_secs_f64).sum::<f64>() / n;
        let var = results.iter().map(|d| (d.as_secs_f64() - mean).powi(2)).sum::<f64>() / n;
        let median = match sorted.len() {
            0 => Duration::ZERO,
            l if l % 2 == 1 => sorted[l / 2],
            l => (sorted[l / 2 - 1] + sorted[l / 2]) / 2,
        };
        TimeStats {
            min: sorted.first().copied().unwrap_or_default(),
            median,
            mean: Duration::from_secs_f64(mean),
            std: Duration::from_secs_f64(var.sqrt()),
            results,
            number,
        }
    }
}

impl TimeStats {
    /// Statistics known only by their median (a time read back from a log).
    pub fn from_median(median: Duration) -> TimeStats {
        TimeStats::of(vec![median], 1)
    }
}

impl std::fmt::Display for TimeStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(
            f,
            "median {:.4} ms, min {:.4} ms, mean {:.4} ms, std {:.4} ms ({} repeats of {} calls)",
            ms(self.median),
            ms(self.min),
            ms(self.mean),
            ms(self.std),
            self.results.len(),
            self.number
        )
    }
}

/// A buffer larger than the last-level cache, written to evict it.
const FLUSH_BYTES: usize = 64 << 20;

impl Compiled {
    /// Time calls of `name` with `args` (the same arguments every call: a kernel that updates
    /// its inputs in place sees its own results).
    ///
    /// ```
    /// use strata::engine::{Engine, TimeOptions, Val};
    /// let code = Engine::default().compile(&strata::parse("func @f(%a: i32) -> i32 {\n  return %a : i32\n}")?)?;
    /// let t = code.time("f", &mut [Val::from(1i32).into()], &TimeOptions { number: 100, repeat: 3, ..TimeOptions::default() })?;
    /// assert_eq!(t.results.len(), 3);
    /// assert!(t.min <= t.median && t.median <= t.results.iter().copied().max().unwrap());
    /// # Ok::<(), strata::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Compiled::call`]: the first failing call ends the timing with its error.
    pub fn time(&self, name: &str, args: &mut [Arg<'_>], options: &TimeOptions) -> Result<TimeStats> {
        for _ in 0..options.warmup {
            self.call(name, args)?;
        }
        let mut flush = if options.flush_cache { vec![0u8; FLUSH_BYTES] } else { Vec::new() };
        let mut number = options.number.max(1);
        let mut results = Vec::with_capacity(options.repeat as usize);
        for r in 0..options.repeat.max(1) {
            loop {
                if !flush.is_empty() {
                    let v = r as u8;
                    flush.iter_mut().step_by(64).for_each(|b| *b = b.wrapping_add(v).wrapping_add(1));
                    std::hint::black_box(&flush);
                }
                let start = Instant::now();
                for _ in 0..number {
                    self.call(name, args)?;
                }
                let elapsed = start.elapsed();
                let min = Duration::from_millis(options.min_repeat_ms);
                if elapsed >= min || number >= u32::MAX / 2 {
                    results.push(elapsed / number);
                    break;
                }
                // As TVM: enough calls to fill the minimum, and at least 1.618 times more.
                let per_call = (elapsed.as_secs_f64() / f64::from(number)).max(1e-9);
                let needed = (min.as_secs_f64() / per_call).ceil();
                number = needed.max(f64::from(number) * 1.618).min(f64::from(u32::MAX / 2)) as u32;
            }
        }
        Ok(TimeStats::of(results, number))
    }
}
