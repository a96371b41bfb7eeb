//! The `strata` command line: `opt` (parse, verify, transform, print), `run` (compile and
//! call), with the flag spellings of mlir-opt and mlir-cpu-runner, `repl`, and `schedule`
//! (apply a schedule trace to a TVMScript kernel).

mod opt;
mod repl;
mod run;
mod schedule;
mod tune;

use std::ffi::OsString;
use std::io::Write;

use anyhow::Context;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Strata: a multi-level tensor IR with an embedded JIT.
#[derive(Parser)]
#[command(name = "strata", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse, verify, optionally transform, and print IR (like mlir-opt).
    Opt(opt::OptArgs),
    /// Compile a module and call a function with arguments (like mlir-cpu-runner).
    Run(run::RunArgs),
    /// Define functions (MLIR or TVMScript) and call them interactively.
    Repl(repl::ReplArgs),
    /// Apply a schedule trace (as TVM prints it) to a TVMScript kernel and print the result.
    Schedule(schedule::ScheduleArgs),
    /// Tune a TVMScript kernel: search schedules, print the fastest one's trace.
    Tune(tune::TuneArgs),
}

/// LLVM-style tools accept long options with one dash (`-split-input-file`); clap wants two.
/// Negative numbers (`--arg -129`) and words that are not UTF-8 (clap reports those where a
/// string is needed; file names may be any bytes) pass unchanged.
fn normalize_args(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    args.map(|a| {
        let Some(s) = a.to_str() else { return a };
        // mlir-cpu-runner's `--O3` is `-O3`; a short option with its value (`-e=main`) stays.
        if let Some(level) = s.strip_prefix("--O").filter(|l| matches!(*l, "0" | "1" | "2" | "3")) {
            return format!("-O{level}").into();
        }
        if s.len() > 2 && s.as_bytes()[0] == b'-' && s.as_bytes()[1] != b'-' && s.as_bytes()[2] == b'=' {
            return a;
        }
        let is_short = s.len() <= 2 || matches!(s, "-O0" | "-O1" | "-O2" | "-O3");
        let is_number = s.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '.'));
        if s.starts_with('-') && !s.starts_with("--") && !is_short && !is_number { format!("-{s}").into() } else { a }
    })
    .collect()
}

/// Write to standard output. A closed pipe (`strata opt big.mlir | head`) ends the output
/// quietly; any other failure (a full disk) is an error, so no output is lost silently.
pub(crate) fn write_stdout(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.context("cannot write to standard output"),
    }
}

fn main() -> ExitCode {
    // Usage errors exit 1, as every other error (clap's own code is 2); help and version 0.
    let cli = match Cli::try_parse_from(normalize_args(std::env::args_os())) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(1) } else { ExitCode::SUCCESS };
        }
    };
    let result = match cli.command {
        Command::Opt(args) => opt::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Repl(args) => repl::run(&args),
        Command::Schedule(args) => schedule::run(&args),
        Command::Tune(args) => tune::run(&args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::from(1)
        }
    }
}
