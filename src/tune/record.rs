//! Tuning records: one JSON object per candidate, appended to a log as lines (`workload`, the
//! function's hash; `trace`; `decisions`; `time_ms` with `median`/`min`/`mean`/`std` and the
//! per-repeat `results`, or `null`; `status`, `"ok"` or why the candidate was skipped).

use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::Path;

use serde_json::{Value, json};

use crate::engine::TimeStats;
use crate::tir::ast::PrimFunc;
use crate::tir::schedule::Decision;

/// One candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The record as it is written.
    pub json: Value,
}

impl Record {
    pub(super) fn new(
        workload: u64,
        trace: String,
        decisions: &[Decision],
        time: Option<&TimeStats>,
        status: String,
    ) -> Record {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let decisions: Vec<Value> = decisions
            .iter()
            .map(|d| match d {
                Decision::Tile(t) => json!(t),
                Decision::Category(c) => json!(c),
                Decision::Location(l) => json!({ "location": l }),
            })
            .collect();
        let time = time.map(|t| {
            json!({
                "median": ms(t.median), "min": ms(t.min), "mean": ms(t.mean), "std": ms(t.std),
                "number": t.number, "results": t.results.iter().map(|&d| ms(d)).collect::<Vec<_>>(),
            })
        });
        Record {
            json: json!({
                "workload": format!("{workload:016x}"), "trace": trace, "decisions": decisions,
                "time_ms": time, "status": status,
            }),
        }
    }

    /// The record stamped with when it was made (seconds since the run started).
    pub(super) fn at(mut self, elapsed: std::time::Duration) -> Record {
        self.json["elapsed_s"] = json!(elapsed.as_secs_f64());
        self
    }

    /// When the record was made, in seconds since its run started (absent in old logs).
    pub fn elapsed_s(&self) -> Option<f64> {
        self.json["elapsed_s"].as_f64()
    }

    /// Whether the candidate ran and was timed: `"ok"`, or stopped as far slower than the best
    /// (status `"slow: ..."`, no time: it was not run to its end).
    pub fn measured(&self) -> bool {
        let status = self.status();
        status == "ok" || status.starts_with("slow:")
    }

    /// Why the candidate was skipped (`"ok"` if it was not).
    pub fn status(&self) -> &str {
        self.json["status"].as_str().unwrap_or("")
    }

    /// The median time in milliseconds, if measured.
    pub fn median_ms(&self) -> Option<f64> {
        self.json["time_ms"]["median"].as_f64()
    }

    /// The trace.
    pub fn trace(&self) -> &str {
        self.json["trace"].as_str().unwrap_or("")
    }

    /// The workload's hash (hexadecimal).
    pub fn workload(&self) -> &str {
        self.json["workload"].as_str().unwrap_or("")
    }
}

/// The records of a log, in order.
///
/// # Errors
/// The file cannot be read, or a line is not a JSON object (with its line number).
pub fn read_log(path: &Path) -> Result<Vec<Record>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(k, l)| match serde_json::from_str::<Value>(l) {
            Ok(v) if v.is_object() => Ok(Record { json: v }),
            _ => Err(format!("line {} is not a tuning record", k + 1)),
        })
        .collect()
}

/// The fastest measured record of a log for `func`, if any.
///
/// # Errors
/// As [`read_log`].
pub fn best_record(path: &Path, func: &PrimFunc) -> Result<Option<Record>, String> {
    let w = format!("{:016x}", workload_hash(func));
    let mut best: Option<Record> = None;
    for r in read_log(path)? {
        if r.workload() == w
            && let Some(ms) = r.median_ms()
            && best.as_ref().and_then(Record::median_ms).is_none_or(|b| ms < b)
        {
            best = Some(r);
        }
    }
    Ok(best)
}

/// An append-only JSON-lines log.
pub(super) struct Log(std::io::BufWriter<std::fs::File>);

impl Log {
    pub fn open(path: &Path) -> std::io::Result<Log> {
        let f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Log(std::io::BufWriter::new(f)))
    }

    pub fn append(&mut self, r: &Record) -> std::io::Result<()> {
        writeln!(self.0, "{}", r.json)?;
        self.0.flush()
    }
}

/// A stable hash of a text (FNV-1a: the same on every machine and run).
pub(super) fn hash_text(s: &str) -> u64 {
    struct Fnv(u64);
    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for b in bytes {
                self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    s.hash(&mut h);
    h.finish()
}

/// The workload: a hash of the function's TVMScript.
pub(super) fn workload_hash(f: &PrimFunc) -> u64 {
    hash_text(&crate::tir::script::print_func(f))
}

/// The records of several logs, each (workload, trace) once: the fastest measured one, else
/// the first.
///
/// # Errors
/// As [`read_log`], naming the file.
pub fn merge_logs(paths: &[&Path]) -> Result<Vec<Record>, String> {
    let mut out: Vec<Record> = Vec::new();
    for p in paths {
        for r in read_log(p).map_err(|e| format!("{}: {e}", p.display()))? {
            match out.iter_mut().find(|x| x.workload() == r.workload() && x.trace() == r.trace()) {
                Some(x) => {
                    let faster = match (r.median_ms(), x.median_ms()) {
                        (Some(a), Some(b)) => a < b,
                        (Some(_), None) => true,
                        _ => false,
                    };
                    if faster {
                        *x = r;
                    }
                }
                None => out.push(r),
            }
        }
    }
    Ok(out)
}
